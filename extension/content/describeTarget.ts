import type { ContentResult } from "../../protocol/index.js";
import { describeElement } from "./accessibility/elementDescriptor.js";
import { LayoutCache } from "./dom/layoutCache.js";
import type { RefRegistry } from "./refs/refRegistry.js";

type Described = ContentResult<"describe_ref">;

const SUBMIT_CONTROLS = "button:not([type]), button[type=submit], input[type=submit], input[type=image]";

/**
 * The "describe_ref" op: what the gatekeeper needs to classify an action before it runs
 * (role and name, and whether activating the element sends a form holding a password).
 * Without a ref it describes the focused element, which a bare Enter key would activate.
 */
export function describeTarget(registry: RefRegistry, rawRef: string | undefined): Described {
  const resolved = rawRef === undefined ? null : registry.resolve(rawRef);
  const element = resolved?.element ?? deepActiveElement(document);
  if (element === null) {
    return { ref: null, role: "", name: "", tag: "", type: "", submitsForm: false, inForm: false, formHasPassword: false };
  }
  const layout = new LayoutCache();
  const descriptor = describeElement(element, layout);
  const form = formOf(element);
  const submitControl = form === null ? undefined : Array.from(form.elements).find((control) => control.matches(SUBMIT_CONTROLS));
  // A page without a <form> still sends credentials when a script posts its password field.
  const scope: ParentNode = form ?? element.ownerDocument;
  return {
    ref: resolved?.ref ?? null,
    role: descriptor.role,
    name: descriptor.name,
    tag: descriptor.tag,
    type: descriptor.inputType,
    submitsForm: form !== null && element.matches(SUBMIT_CONTROLS),
    inForm: form !== null,
    formHasPassword: scope.querySelector("input[type=password]") !== null,
    ...(form === null ? {} : { formAction: form.action }),
    ...(submitControl === undefined ? {} : { formSubmitName: describeElement(submitControl, layout).name }),
  };
}

function formOf(element: Element): HTMLFormElement | null {
  const owner = (element as HTMLInputElement).form;
  if (owner instanceof HTMLFormElement) return owner;
  return element.closest("form");
}

/** document.activeElement, followed into open shadow roots and same-origin frames; null for <body>. */
function deepActiveElement(root: Document): Element | null {
  let active: Element | null = root.activeElement;
  for (let depth = 0; active !== null && depth < 32; depth++) {
    const inner = active.shadowRoot?.activeElement ?? frameActiveElement(active);
    if (inner === null || inner === undefined) break;
    active = inner;
  }
  return active === null || active === root.body || active === root.documentElement ? null : active;
}

function frameActiveElement(element: Element): Element | null {
  if (!(element instanceof HTMLIFrameElement)) return null;
  try {
    const inner = element.contentDocument?.activeElement ?? null;
    return inner === element.contentDocument?.body ? null : inner;
  } catch {
    return null;
  }
}
