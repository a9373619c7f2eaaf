import { ElementStyle } from "./elementStyle.js";
import * as dom from "./intrinsics.js";

/**
 * Per-snapshot memo of computed styles and boxes. Reading both for many elements is
 * cheap only while nothing writes to the DOM in between, so a cache lives for one
 * read pass and is then dropped: the values it keeps would go stale.
 */
export class LayoutCache {
  private readonly styles = new Map<Element, ElementStyle>();
  private readonly rects = new Map<Element, DOMRect>();

  style(element: Element): CSSStyleDeclaration {
    return this.computed(element).declaration;
  }

  /** The element's style with the properties the walk reads memoised: shared by the walker and names. */
  computed(element: Element): ElementStyle {
    let style = this.styles.get(element);
    if (style === undefined) {
      style = new ElementStyle(liveStyle(element, ""));
      this.styles.set(element, style);
    }
    return style;
  }

  rect(element: Element): DOMRect {
    let rect = this.rects.get(element);
    if (rect === undefined) {
      rect = dom.getBoundingClientRect(element);
      this.rects.set(element, rect);
    }
    return rect;
  }

  /** window.getComputedStyle with the pseudo-element argument. */
  readonly getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (pseudo === undefined || pseudo === null || pseudo === "") return this.style(element);
    return liveStyle(element, pseudo);
  };
}

/**
 * A computed style declaration is live (every read sees the current style), so one per
 * element and pseudo-element serves every pass. Making one per pass cost each snapshot
 * an allocation per element, and the garbage collection that came with it, on large pages
 * more than the reads themselves. Weak keys let removed elements go.
 */
const declarations = new Map<string, WeakMap<Element, CSSStyleDeclaration>>();

function liveStyle(element: Element, pseudo: string): CSSStyleDeclaration {
  let byElement = declarations.get(pseudo);
  if (byElement === undefined) {
    byElement = new WeakMap();
    declarations.set(pseudo, byElement);
  }
  let style = byElement.get(element);
  if (style === undefined) {
    style = pseudo === "" ? windowOf(element).getComputedStyle(element) : windowOf(element).getComputedStyle(element, pseudo);
    byElement.set(element, style);
  }
  return style;
}

// Elements of same-origin frames must be styled by their own window.
function windowOf(element: Element): Window {
  return dom.defaultView(dom.ownerDocument(element)) ?? window;
}
