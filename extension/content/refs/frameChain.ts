import * as dom from "../dom/intrinsics.js";
/**
 * The same-origin iframes (outermost first) between the top document and an element.
 * A ref is only valid while every one of them still holds the document it held when
 * the ref was issued: a swapped frame document means a different page.
 */
export interface FrameLink {
  frame: WeakRef<Element>;
  document: WeakRef<Document>;
}

export type FrameChain = readonly FrameLink[];

export function isFrameChainIntact(chain: FrameChain): boolean {
  for (const link of chain) {
    const frame = link.frame.deref();
    const document = link.document.deref();
    if (frame === undefined || document === undefined || !dom.isConnected(frame)) return false;
    if (frameDocument(frame) !== document) return false;
  }
  return true;
}

/** The frame's document when same-origin; null when cross-origin or not loaded. */
export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

export function extendFrameChain(chain: FrameChain, frame: Element, document: Document): FrameChain {
  return [...chain, { frame: new WeakRef(frame), document: new WeakRef(document) }];
}
