import * as dom from "./intrinsics.js";
/** document.activeElement, followed into open shadow roots and same-origin frames; null for <body>. */
export function deepActiveElement(root: Document): Element | null {
  let active: Element | null = dom.activeElement(root);
  for (let depth = 0; active !== null && depth < 32; depth++) {
    const inner = dom.shadowRoot(active)?.activeElement ?? frameActiveElement(active);
    if (inner === null || inner === undefined) break;
    active = inner;
  }
  return active === null || active === dom.body(root) || active === dom.documentElement(root) ? null : active;
}

function frameActiveElement(element: Element): Element | null {
  if (!(element instanceof HTMLIFrameElement)) return null;
  try {
    const inner = element.contentDocument;
    if (inner === null) return null;
    const active = dom.activeElement(inner);
    return active === dom.body(inner) ? null : active;
  } catch {
    return null;
  }
}
