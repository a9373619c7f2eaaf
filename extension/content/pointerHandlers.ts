import { WebOperatorError } from "../../protocol/errors.js";
import type { ContentResult } from "../../protocol/contentReplies.js";
import type { pointerContentRequests } from "../../protocol/content/pointerRequests.js";
import type { ContentHandlers } from "./contentHandlers.js";
import type { RefRegistry } from "./refs/refRegistry.js";
import { resolveTarget, scrollIntoView } from "./actions/actionTarget.js";
import { computeRole } from "./accessibility/accessibleRole.js";
import { textName } from "./accessibility/accessibleName.js";
import { displayName } from "./accessibility/elementDescriptor.js";
import { LayoutCache } from "./dom/layoutCache.js";
import { exactFrameTransform } from "./actionability/framePoint.js";
import { toTopBox } from "../shared/geometry.js";
import { deepElementFromPoint } from "./actionability/hitTest.js";
import { checkPoint, controlAt } from "./actionability/pointJudgement.js";
import { truncateText } from "./dom/textNormalize.js";
import * as dom from "./dom/intrinsics.js";

type PointerOp = keyof typeof pointerContentRequests;

const TARGET_NAME_CHARS = 80;

export const pointerHandlers: ContentHandlers<PointerOp> = {
  element_box: (request, { registry }) => elementBox(registry, request.ref, request.reveal),
  element_at: (request) => elementAt(request.x, request.y),
  check_point: (request) => checkPoint({ x: request.x, y: request.y }, request.purpose),
};

function elementBox(registry: RefRegistry, rawRef: string, reveal: boolean): ContentResult<"element_box"> {
  const target = resolveTarget(registry, rawRef);
  if (reveal && !fullyInViewport(topFrameRect(target.element))) scrollIntoView(target.element);
  // The box aims trusted drags and crops screenshots, so a frame that cannot be mapped exactly is refused.
  const rect = topFrameRect(target.element);
  if (rect.width === 0 || rect.height === 0) {
    throw new WebOperatorError(
      "not_actionable",
      `Element ${target.ref} (${target.described}) has no box (hidden or zero-size); open the section that shows it, then call browser.snapshot and use a visible ref.`,
    );
  }
  return {
    ref: target.ref,
    ...rect,
    devicePixelRatio: window.devicePixelRatio,
    scrollX: window.scrollX,
    scrollY: window.scrollY,
    viewport: viewportSize(),
  };
}

/** The element's border box in top-frame viewport CSS px, through any same-origin frames, scaled as they are. */
function topFrameRect(element: Element): { x: number; y: number; width: number; height: number } {
  const box = toTopBox(exactFrameTransform(element, "a drag or a screenshot region"), dom.getBoundingClientRect(element));
  return { x: box.left, y: box.top, width: box.width, height: box.height };
}

function fullyInViewport(rect: { x: number; y: number; width: number; height: number }): boolean {
  const { width, height } = viewportSize();
  return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height;
}

function viewportSize(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight };
}

function elementAt(x: number, y: number): ContentResult<"element_at"> {
  // Remembered: a press the tool makes there checks that the same control is still under it.
  controlAt({ x, y });
  const element = deepElementFromPoint({ x, y });
  if (element === null) return { tag: "", viewport: viewportSize() };
  return { ...describePointTarget(element), viewport: viewportSize() };
}

function describePointTarget(element: Element): { tag: string; role?: string; name?: string } {
  const tag = dom.localName(element);
  if (tag === "html" || tag === "body") return { tag };
  const role = computeRole(element);
  // Roles that take no name from content (listitem, paragraph) are still told apart by their text.
  const name = truncateText(displayName(element, role, new LayoutCache()) || textName(element), TARGET_NAME_CHARS);
  return { tag, ...(role === null ? {} : { role }), ...(name === "" ? {} : { name }) };
}
