/** document.activeElement, followed into open shadow roots and same-origin frames; null for <body>. */
export function deepActiveElement(root: Document): Element | null {
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
