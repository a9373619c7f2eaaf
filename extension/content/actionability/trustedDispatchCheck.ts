import type { ContentResult } from "../../../protocol/contentReplies.js";
import { fromTopPoint, type Point } from "../../shared/geometry.js";
import { resolveTarget } from "../actions/actionTarget.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertHoldsAtDispatch } from "./dispatchCheck.js";
import { exactFrameTransform } from "./framePoint.js";

/**
 * The "check_dispatch" op: trusted input has moved the pointer to `top` and is about to press;
 * the press goes out only if this answers (see assertHoldsAtDispatch).
 */
export function checkDispatchAt(registry: RefRegistry, rawRef: string, top: Point, purpose: string): ContentResult<"check_dispatch"> {
  const target = resolveTarget(registry, rawRef);
  const local = fromTopPoint(exactFrameTransform(target.element, `a trusted ${purpose}`), top);
  assertHoldsAtDispatch(target, { local, top }, purpose);
  return { ref: target.ref };
}
