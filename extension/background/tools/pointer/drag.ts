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
  async run({ from, to, steps, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    if (pointerState.held(tab.id).length > 0) {
      throw new WebOperatorError(
        "bad_request",
        `A mouse button is held on tab ${tab.id} (browser.mouse_down); call browser.mouse_up before dragging.`,
      );
    }
    const bothRefs = "ref" in from && "ref" in to;
    const start = await dragEndPoint(tab.id, from, bothRefs, "from");
    const end = await dragEndPoint(tab.id, to, false, "to");
    const source = await targetAtPoint(tab.id, start.x, start.y);
    const target = await targetAtPoint(tab.id, end.x, end.y);
    const { value: mode, effects } = await runWriteAction(
      tab.id,
      context,
      async (verified) => ({
        value: await dragAlongPath(tab.id, start, end, steps, {
          beforePress: () => endHolds(tab.id, from, start, "drag", verified),
          beforeDrop: () => endHolds(tab.id, to, end, "drop", verified),
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
