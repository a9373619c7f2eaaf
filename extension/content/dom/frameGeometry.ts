import { TOP_FRAME, frameTransform, toTopPoint, type FrameBoxFacts, type FrameTransform, type Point } from "../../shared/geometry.js";
import { frameDocument } from "../refs/frameChain.js";
import * as dom from "./intrinsics.js";

/**
 * What an iframe's box, style and document say about where its viewport sits. Without a
 * same-origin document to measure, the viewport is taken to fill the frame's content box.
 */
export function frameBoxFacts(frame: Element, rect?: DOMRect, style?: CSSStyleDeclaration): FrameBoxFacts {
  const box = rect ?? dom.getBoundingClientRect(frame);
  const computed = style ?? (dom.defaultView(dom.ownerDocument(frame)) ?? window).getComputedStyle(frame);
  const px = (value: string): number => Number.parseFloat(value) || 0;
  const border = {
    left: px(computed.borderLeftWidth),
    top: px(computed.borderTopWidth),
    right: px(computed.borderRightWidth),
    bottom: px(computed.borderBottomWidth),
  };
  const padding = {
    left: px(computed.paddingLeft),
    top: px(computed.paddingTop),
    right: px(computed.paddingRight),
    bottom: px(computed.paddingBottom),
  };
  const inner = frameDocument(frame);
  const view = inner === null ? null : dom.defaultView(inner);
  const viewport =
    view === null
      ? { width: dom.clientWidth(frame) - padding.left - padding.right, height: dom.clientHeight(frame) - padding.top - padding.bottom }
      : { width: view.innerWidth, height: view.innerHeight };
  return { box, border, padding, viewport };
}

/**
 * How an iframe's document viewport maps into the top viewport, given how its parent's does.
 * Callers that already read the frame's box and style pass them.
 */
export function frameContentTransform(
  frame: Element,
  parent: FrameTransform = TOP_FRAME,
  rect?: DOMRect,
  style?: CSSStyleDeclaration,
): FrameTransform {
  return frameTransform(frameBoxFacts(frame, rect, style), parent);
}

/**
 * How an element's own frame viewport maps into the top frame's, through each same-origin
 * frame on the way up. `checkFrame` sees every frame and its style first, so a caller that
 * needs exact coordinates can refuse frames that cannot be mapped exactly.
 */
export function frameChainTransform(element: Element, checkFrame?: (frame: Element, style: CSSStyleDeclaration) => void): FrameTransform {
  const frames: Element[] = [];
  for (let view: Window | null = dom.defaultView(dom.ownerDocument(element)); view !== null && view !== window; view = view.parent) {
    const frame = view.frameElement;
    if (frame === null) break;
    frames.push(frame);
  }
  let transform = TOP_FRAME;
  for (const frame of frames.reverse()) {
    const style = (dom.defaultView(dom.ownerDocument(frame)) ?? window).getComputedStyle(frame);
    checkFrame?.(frame, style);
    transform = frameContentTransform(frame, transform, undefined, style);
  }
  return transform;
}

/** A point of an element's own frame viewport, in the top frame's viewport. */
export function toTopFrame(element: Element, point: Point, checkFrame?: (frame: Element, style: CSSStyleDeclaration) => void): Point {
  return toTopPoint(frameChainTransform(element, checkFrame), point);
}
