import { ElementStyle } from "./elementStyle.js";

/**
 * Per-snapshot memo of computed styles and boxes. Reading both for many elements is
 * cheap only while nothing writes to the DOM in between, so a cache lives for one
 * read pass and is then dropped: styles are live objects and would go stale.
 */
export class LayoutCache {
  private readonly styles = new Map<Element, ElementStyle>();
  private readonly pseudoStyles = new Map<string, WeakMap<Element, CSSStyleDeclaration>>();
  private readonly rects = new Map<Element, DOMRect>();

  style(element: Element): CSSStyleDeclaration {
    return this.computed(element).declaration;
  }

  /** The element's style with the properties the walk reads memoised: shared by the walker and names. */
  computed(element: Element): ElementStyle {
    let style = this.styles.get(element);
    if (style === undefined) {
      style = new ElementStyle(windowOf(element).getComputedStyle(element));
      this.styles.set(element, style);
    }
    return style;
  }

  rect(element: Element): DOMRect {
    let rect = this.rects.get(element);
    if (rect === undefined) {
      rect = element.getBoundingClientRect();
      this.rects.set(element, rect);
    }
    return rect;
  }

  /** window.getComputedStyle with the pseudo-element argument, memoised like style(). */
  readonly getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (pseudo === undefined || pseudo === null || pseudo === "") return this.style(element);
    let byElement = this.pseudoStyles.get(pseudo);
    if (byElement === undefined) {
      byElement = new WeakMap();
      this.pseudoStyles.set(pseudo, byElement);
    }
    let style = byElement.get(element);
    if (style === undefined) {
      style = windowOf(element).getComputedStyle(element, pseudo);
      byElement.set(element, style);
    }
    return style;
  };
}

// Elements of same-origin frames must be styled by their own window.
function windowOf(element: Element): Window {
  return element.ownerDocument.defaultView ?? window;
}
