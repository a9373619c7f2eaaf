import { describeElement, sameDescriptor, type ElementDescriptor } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import * as dom from "../dom/intrinsics.js";

export type RecoveryOutcome = { kind: "unique"; element: Element } | { kind: "none" } | { kind: "ambiguous" };

/**
 * The one strict recovery a stale ref gets (docs/protocol.md): a rendered element of the
 * same document whose role, name, tag, type, label and placeholder all equal what the
 * ref described, and that no other ref names. Anything but exactly one match is a
 * failure, never a guess.
 */
export function findReplacement(
  descriptor: ElementDescriptor,
  document: Document,
  isClaimed: (candidate: Element) => boolean = () => false,
): RecoveryOutcome {
  const layout = new LayoutCache();
  const matches: Element[] = [];
  for (const candidate of elementsByTag(document, descriptor.tag)) {
    // An element that already answers to another live ref is that ref's, never this one's.
    if (isClaimed(candidate) || !isRendered(candidate)) continue;
    if (!sameDescriptor(describeElement(candidate, layout), descriptor)) continue;
    matches.push(candidate);
    if (matches.length > 1) break;
  }
  const [only] = matches;
  if (matches.length === 1 && only !== undefined) return { kind: "unique", element: only };
  return matches.length === 0 ? { kind: "none" } : { kind: "ambiguous" };
}

/** Same-tag elements of the document and of every shadow tree inside it. */
function elementsByTag(document: Document, tag: string): Element[] {
  const found = Array.from(dom.getElementsByTagName(document, tag));
  const roots: ShadowRoot[] = [];
  collectShadowRoots(document, roots);
  for (const root of roots) found.push(...Array.from(root.querySelectorAll(tag)));
  return found;
}

function collectShadowRoots(root: Document | ShadowRoot, out: ShadowRoot[]): void {
  for (const element of Array.from(dom.querySelectorAll(root, "*"))) {
    const shadow = shadowRootOf(element);
    if (shadow === null) continue;
    out.push(shadow);
    collectShadowRoots(shadow, out);
  }
}

function isRendered(element: Element): boolean {
  return dom.checkVisibility(element, { visibilityProperty: true });
}
