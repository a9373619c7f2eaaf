import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { moveMouse } from "../../input/mouse.js";
import { pointerState } from "../../input/pointerState.js";

/** Moves the pointer (hover, or a drag step while mouse_down holds a button). */
export const mouseMoveTool = defineTool({
  name: "browser.mouse_move",
  async run({ x, y, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const target = await targetAtPoint(tab.id, x, y);
    await context.beforeDispatch(tab.id);
    await moveMouse(tab.id, { x, y });
    return { tabId: tab.id, x, y, buttonsHeld: pointerState.held(tab.id), target };
  },
});
