import type { ContentResult } from "../../protocol/index.js";
import { describeElement } from "./accessibility/elementDescriptor.js";
import { LayoutCache } from "./dom/layoutCache.js";
import { rememberJudged, targetFacts } from "./actionability/judgedTargets.js";
import { deepElementFromPoint } from "./actionability/hitTest.js";
import { deepActiveElement } from "./dom/deepActiveElement.js";
import type { RefRegistry } from "./refs/refRegistry.js";
import * as dom from "./dom/intrinsics.js";

type Described = ContentResult<"describe_ref">;

/** What a click at a point activates: the control the hit element belongs to. */
const ACTIVATABLE =
  "a[href], area[href], button, input, select, textarea, summary, [role=button], [role=link], [role=menuitem], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=option], [contenteditable=''], [contenteditable=true]";

/**
 * The "describe_ref" op: what the gatekeeper needs to classify an action before it runs.
 * The ref's element, the control under a point (click_xy), or without either the focused
 * element, which a bare Enter key would act on.
 */
export function describeTarget(registry: RefRegistry, request: { ref?: string; point?: { x: number; y: number } }): Described {
  const resolved = request.ref === undefined ? null : registry.resolve(request.ref);
  const element = resolved?.element ?? (request.point === undefined ? deepActiveElement(document) : controlAt(request.point));
  if (element === null) {
    return { ref: null, role: "", name: "", tag: "", type: "", submitsForm: false, inForm: false, formHasPassword: false };
  }
  const layout = new LayoutCache();
  const descriptor = describeElement(element, layout);
  const facts = targetFacts(element, layout);
  // The gatekeeper judges what this answer says: the input's last check compares against it.
  rememberJudged(element, facts);
  return {
    ref: resolved?.ref ?? null,
    role: descriptor.role,
    name: descriptor.name,
    tag: descriptor.tag,
    type: descriptor.inputType,
    ...facts,
    ...(element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && dom.isContentEditable(element))
      ? { multiline: true }
      : {}),
  };
}

function controlAt(point: { x: number; y: number }): Element | null {
  const hit = deepElementFromPoint(point);
  if (hit === null || dom.localName(hit) === "html" || dom.localName(hit) === "body") return null;
  return dom.closest(hit, ACTIVATABLE) ?? hit;
}
