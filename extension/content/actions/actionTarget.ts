import { WebOperatorError } from "../../../protocol/errors.js";
import { describeElement, formatDescriptor } from "../accessibility/elementDescriptor.js";
import { isDisabledElement } from "../accessibility/elementStates.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import * as dom from "../dom/intrinsics.js";

export interface ActionTarget {
  ref: string;
  element: Element;
  recovered: boolean;
  target: { role: string; name: string };
  /** `button "Save"` for messages. */
  described: string;
}

export function resolveTarget(registry: RefRegistry, rawRef: string): ActionTarget {
  const { ref, element, recovered } = registry.resolve(rawRef);
  const descriptor = describeElement(element, new LayoutCache());
  return { ref, element, recovered, target: { role: descriptor.role, name: descriptor.name }, described: formatDescriptor(descriptor) };
}

/**
 * Centres the element unless it is already wholly inside its frame's viewport: scrolling
 * a visible target would move it away from where the agent last saw it, fire the page's
 * scroll handlers and make the settle after the action wait for nothing. Returns whether
 * it scrolled.
 */
export function scrollIntoView(element: Element): boolean {
  if (isWhollyInViewport(element)) return false;
  centerInView(element);
  return true;
}

export function centerInView(element: Element): void {
  dom.scrollIntoView(element, { block: "center", inline: "center", behavior: "instant" });
}

function isWhollyInViewport(element: Element): boolean {
  const box = dom.getBoundingClientRect(element);
  const view = viewportSize(dom.ownerDocument(element));
  return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= view.height && box.right <= view.width;
}

/**
 * The viewport without its scrollbars. The scrolling element's client box is that in both
 * modes: a page without a doctype (quirks mode) scrolls on its body, whose client box is then
 * the viewport, while its root element's is as tall as the whole document.
 */
export function viewportSize(document: Document): { width: number; height: number } {
  const scroller = dom.scrollingElement(document);
  if (scroller !== null) return { width: dom.clientWidth(scroller), height: dom.clientHeight(scroller) };
  const view = dom.defaultView(document) ?? window;
  return { width: view.innerWidth, height: view.innerHeight };
}

/** Rendered, not visibility:hidden, and of some size. */
export function isShown(element: Element, rect: DOMRectReadOnly = dom.getBoundingClientRect(element)): boolean {
  return dom.checkVisibility(element, { visibilityProperty: true }) && rect.width > 0 && rect.height > 0;
}

/** Read after scrolling, so the box is where events will be aimed. */
export function assertVisible(target: ActionTarget): DOMRect {
  const rect = dom.getBoundingClientRect(target.element);
  if (!isShown(target.element, rect)) {
    throw new WebOperatorError(
      "not_actionable",
      `Element ${target.ref} (${target.described}) is not visible (hidden or zero-size); open or scroll to the section that shows it, then call browser.snapshot and use a visible ref.`,
    );
  }
  return rect;
}

export function assertEnabled(target: ActionTarget): void {
  if (isDisabledElement(target.element)) {
    throw new WebOperatorError(
      "not_actionable",
      `Element ${target.ref} (${target.described}) is disabled; fill in what the page requires first (call browser.snapshot to see it) or choose another element.`,
    );
  }
}
