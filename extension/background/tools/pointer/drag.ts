import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { dragEndPoint } from "../../pointer/dragEndpoint.js";
import { dragAlongPath } from "../../pointer/dragSequence.js";
import { pointerState } from "../../input/pointerState.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { pointHolds, refHolds } from "../../actions/dispatchChecks.js";
import type { DragEnd } from "../../pointer/dragEndpoint.js";

/** Drags between refs or viewport points, pointer-based or as a native HTML5 drag and drop, whichever the page starts. */
export const dragTool = defineTool({
  name: "browser.drag",
  async run({ from, to, steps, position, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    if (pointerState.held(tab.id).length > 0) {
      throw new WebOperatorError(
        "bad_request",
        `A mouse button is held on tab ${tab.id} (browser.mouse_down); call browser.mouse_up before dragging.`,
      );
    }
    const bothRefs = "ref" in from && "ref" in to;
    const start = await dragEndPoint(tab.id, from, bothRefs, "from");
    const end = await dragEndPoint(tab.id, to, false, "to", { from: start, position });
    // A ref dropped beside (before/after) is judged at its own centre, where the agent pointed at it.
    const onTarget = "ref" in to && position !== "on" ? await dragEndPoint(tab.id, to, false, "to") : end;
    const source = await targetAtPoint(tab.id, start.x, start.y);
    const target = await targetAtPoint(tab.id, end.x, end.y);
    const { value: mode, effects } = await runWriteAction(
      tab.id,
      context,
      async (verified) => ({
        value: await dragAlongPath(tab.id, start, end, steps, {
          // A drop target named by a ref is checked before the drag begins: once it does, a sortable
          // moves the dragged item under the pointer by design, so "is the target still there" no longer holds.
          beforePress: async () => {
            await endHolds(tab.id, from, start, "drag", verified);
            if ("ref" in to) await refHolds(tab.id, to.ref, onTarget, "drag", verified);
          },
          beforeDrop: () => ("ref" in to ? Promise.resolve() : pointHolds(tab.id, end, "drop", verified)),
        }),
        navigationStarted: false,
      }),
      { pointer: true },
    );
    return { tabId: tab.id, from: start, to: end, mode, source, target, ...effects };
  },
});

/** A drag end named by a ref is checked as that element; one named by a point, as the control judged there. */
function endHolds(
  tabId: number,
  end: DragEnd,
  point: { x: number; y: number },
  purpose: "drag" | "drop",
  tab: chrome.tabs.Tab,
): Promise<unknown> {
  return "ref" in end ? refHolds(tabId, end.ref, point, "drag", tab) : pointHolds(tabId, point, purpose, tab);
}
