import * as dom from "./intrinsics.js";
/** document.activeElement, followed into open shadow roots and same-origin frames; null for a <body> that is not an editor. */
export function deepActiveElement(root: Document): Element | null {
  let active: Element | null = dom.activeElement(root);
  for (let depth = 0; active !== null && depth < 32; depth++) {
    const inner = dom.shadowRoot(active)?.activeElement ?? frameActiveElement(active);
    if (inner === null || inner === undefined) break;
    active = inner;
  }
  return active === null || isNoFocus(active, root) ? null : active;
}

/** <body> and the root element hold focus when nothing does, unless the body is an editor (TinyMCE's frame, designMode). */
function isNoFocus(active: Element, root: Document): boolean {
  if (active === dom.documentElement(root)) return true;
  return active === dom.body(root) && dom.isContentEditable(active as HTMLElement) !== true;
}

function frameActiveElement(element: Element): Element | null {
  if (!(element instanceof HTMLIFrameElement)) return null;
  try {
    const inner = element.contentDocument;
    if (inner === null) return null;
    const active = dom.activeElement(inner);
    return active === null || isNoFocus(active, inner) ? null : active;
  } catch {
    return null;
  }
}
