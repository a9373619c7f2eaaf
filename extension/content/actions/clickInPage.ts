import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, assertVisible, resolveTarget, scrollIntoView } from "./actionTarget.js";
import { dispatchClickSequence } from "./pointerEvents.js";
import { clickPoint } from "../actionability/clickPoint.js";
import { watchNavigationDuring } from "./navigationProbe.js";
import { markDispatched, watchMutations } from "../waiting/mutationClock.js";
import { assertHoldsAtDispatch } from "../actionability/dispatchCheck.js";
import { exactFrameTransformOrNull } from "../actionability/framePoint.js";
import { toTopPoint } from "../../shared/geometry.js";

/** The "click" op: a synthetic left click where a person presses the ref's element (clickPoint.ts). */
export async function clickRef(registry: RefRegistry, rawRef: string): Promise<ContentResult<"click">> {
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  const rect = assertVisible(target);
  assertEnabled(target);
  watchMutations(target.element);
  const point = clickPoint(target.element, rect);
  const frame = exactFrameTransformOrNull(target.element);
  const at = { local: point, top: frame === null ? undefined : toTopPoint(frame, point) };
  // After the scroll, and again after the hover events, whose handlers may have changed the page.
  const holds = (): void => assertHoldsAtDispatch(target, at, "click");
  holds();
  const navigationStarted = await watchNavigationDuring(() => dispatchClickSequence(target.element, point, holds));
  // After the probe's one task: what the click ran at once (handlers, their microtasks, zero-delay
  // tasks) belongs to it, as trusted input's handlers are done before the browser acknowledges it.
  const dispatchedAt = markDispatched();
  return { ref: target.ref, target: target.target, recovered: target.recovered, navigationStarted, dispatchedAt };
}
