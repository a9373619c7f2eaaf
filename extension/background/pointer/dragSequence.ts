import { debuggerSession } from "../debuggerSession.js";
import { onCdpEvent } from "../cdp/cdpEvents.js";
import type { Protocol } from "devtools-protocol";
import { moveMouse, pressMouse, releaseMouse, type Point } from "../input/mouse.js";
import { pointerState } from "../input/pointerState.js";

/** What the page put on the dataTransfer in its dragstart. */
type DragData = Protocol.Input.DragData;

/** How long a native drag may take to be reported after the last pointer move. */
const LATE_INTERCEPT_MS = 50;

/**
 * Press at `from`, move in `steps` to `to`, release. With drag interception on, a page
 * that starts a native HTML5 drag (draggable=true, links, images) makes Chrome report it
 * as Input.dragIntercepted instead of entering an OS drag loop that CDP could not drive;
 * the rest of the path then goes as dragenter/dragover and a drop. Otherwise the moves
 * themselves are the drag (pointer-based sortables, sliders, canvases).
 */
export async function dragAlongPath(tabId: number, from: Point, to: Point, steps: number): Promise<"pointer" | "html5"> {
  let dragData: DragData | null = null;
  const unsubscribe = onCdpEvent(tabId, "Input.dragIntercepted", (event) => {
    dragData = event.data;
  });
  const intercepted = (): DragData | null => dragData;
  try {
    await debuggerSession.send(tabId, "Input.setInterceptDrags", { enabled: true });
    await moveMouse(tabId, from);
    await pressMouse(tabId, from, "left");
    let step = 1;
    for (; step <= steps && intercepted() === null; step++) await moveMouse(tabId, along(from, to, step / steps));
    if (intercepted() === null) await new Promise((done) => setTimeout(done, LATE_INTERCEPT_MS));
    const data = intercepted();
    if (data === null) {
      await releaseMouse(tabId, to, "left");
      return "pointer";
    }
    // The drag began at the last pointer move; the remaining path is the drag's own.
    await dispatchDrag(tabId, "dragEnter", along(from, to, Math.min(1, (step - 1) / steps)), data);
    for (; step <= steps; step++) await dispatchDrag(tabId, "dragOver", along(from, to, step / steps), data);
    await dispatchDrag(tabId, "dragOver", to, data);
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

function along(from: Point, to: Point, fraction: number): Point {
  return { x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction };
}

async function dispatchDrag(tabId: number, type: "dragEnter" | "dragOver" | "drop", { x, y }: Point, data: DragData): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchDragEvent", { type, x, y, data, modifiers: 0 });
}
