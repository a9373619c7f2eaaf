import { debuggerSession } from "../debuggerSession.js";
import { onCdpEvent } from "../cdp/cdpEvents.js";
import type { Protocol } from "devtools-protocol";
import { moveMouse, pressMouse, releaseMouse, type Point } from "../input/mouse.js";
import { pointerState } from "../input/pointerState.js";
import { hoverUntilSettled, restAtTarget } from "./dragRest.js";

/** What the page put on the dataTransfer in its dragstart. */
type DragData = Protocol.Input.DragData;

/** How long a native drag may take to be reported after the last pointer move. */
const LATE_INTERCEPT_MS = 50;
/**
 * The first move leaves the press point by at least this much (when the path is that long):
 * drag libraries start a drag only past a threshold (react-beautiful-dnd 5 px, dnd-kit and
 * SortableJS fallback a few px as configured), and a press followed by tiny moves is a click.
 */
const LIFT_PX = 10;
/** The nudge at the target: a move event over it after the drag has surely started. */
const NUDGE_PX = 2;

/** The last checks before the drag's press and, for a native drag, before its drop (see dispatchChecks.ts). */
export interface DragChecks {
  beforePress: () => Promise<unknown>;
  beforeDrop: () => Promise<unknown>;
}

/**
 * Press at `from`, move in `steps` to `to`, release. With drag interception on, a page
 * that starts a native HTML5 drag (draggable=true, links, images) makes Chrome report it
 * as Input.dragIntercepted instead of entering an OS drag loop that CDP could not drive;
 * the rest of the path then goes as dragenter/dragover and a drop. Otherwise the moves
 * themselves are the drag (pointer-based sortables, sliders, canvases): the first move
 * lifts past drag thresholds, and at the target the pointer nudges (a move over the target
 * once the drag is under way, which libraries that pick the drop slot on move need) and
 * rests (sortables that settle the slot on a timer) before the release. A native drag rests at
 * the target too, with dragover repeated as Chrome repeats it while a drag is held still. The press goes out only
 * if `checks.beforePress` holds after the pointer arrived; a native drop only if `beforeDrop` holds
 * (a failed drop check cancels the drag: nothing is dropped).
 */
export async function dragAlongPath(
  tabId: number,
  from: Point,
  to: Point,
  steps: number,
  checks: DragChecks,
): Promise<"pointer" | "html5"> {
  let dragData: DragData | null = null;
  const unsubscribe = onCdpEvent(tabId, "Input.dragIntercepted", (event) => {
    dragData = event.data;
  });
  const intercepted = (): DragData | null => dragData;
  try {
    await debuggerSession.send(tabId, "Input.setInterceptDrags", { enabled: true });
    await moveMouse(tabId, from);
    await checks.beforePress();
    await pressMouse(tabId, from, "left");
    let step = 1;
    const lift = liftFraction(from, to, steps);
    const fraction = (at: number): number => lift + (1 - lift) * ((at - 1) / Math.max(1, steps - 1));
    for (; step <= steps && intercepted() === null; step++) await moveMouse(tabId, along(from, to, fraction(step)));
    if (intercepted() === null) await new Promise((done) => setTimeout(done, LATE_INTERCEPT_MS));
    const data = intercepted();
    if (data === null) {
      await moveMouse(tabId, nudged(from, to));
      await moveMouse(tabId, to);
      await restAtTarget(tabId);
      await releaseMouse(tabId, to, "left");
      return "pointer";
    }
    // The drag began at the last pointer move; the remaining path is the drag's own.
    await dispatchDrag(tabId, "dragEnter", along(from, to, fraction(step - 1)), data);
    for (; step <= steps; step++) await dispatchDrag(tabId, "dragOver", along(from, to, fraction(step)), data);
    // A held drag gets dragover again and again where it rests; libraries that ignore dragover
    // while their reorder animation runs (SortableJS) take the slot from a later one.
    await hoverUntilSettled(tabId, () => dispatchDrag(tabId, "dragOver", to, data));
    await checks.beforeDrop().catch(async (error: unknown) => {
      await dispatchDrag(tabId, "dragCancel", to, data).catch(() => undefined);
      throw error;
    });
    await dispatchDrag(tabId, "drop", to, data);
    await releaseMouse(tabId, to, "left");
    return "html5";
  } finally {
    unsubscribe();
    // Never leave the page with a phantom held button, nor interception on for the user's own drags.
    if (pointerState.held(tabId).includes("left")) await releaseMouse(tabId, to, "left").catch(() => undefined);
    await debuggerSession.send(tabId, "Input.setInterceptDrags", { enabled: false }).catch(() => undefined);
  }
}

/** Where the first move goes, as a fraction of the path: one step, or further to clear a drag threshold. */
function liftFraction(from: Point, to: Point, steps: number): number {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  return length === 0 ? 1 : Math.min(1, Math.max(1 / steps, LIFT_PX / length));
}

/** A point NUDGE_PX back along the path from the target, so it stays over what the path came in over. */
function nudged(from: Point, to: Point): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  if (length === 0) return { x: to.x + NUDGE_PX, y: to.y };
  return along(to, from, Math.min(1, NUDGE_PX / length));
}

function along(from: Point, to: Point, fraction: number): Point {
  return { x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction };
}

async function dispatchDrag(
  tabId: number,
  type: "dragEnter" | "dragOver" | "drop" | "dragCancel",
  { x, y }: Point,
  data: DragData,
): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchDragEvent", { type, x, y, data, modifiers: 0 });
}
