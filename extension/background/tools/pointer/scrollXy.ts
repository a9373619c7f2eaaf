import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { wheelMouse } from "../../input/mouse.js";

/**
 * A trusted mouse wheel at a viewport point (Claude's `scroll` with a coordinate): it
 * scrolls whatever is under the pointer, an inner list or map as well as the page.
 */
export const scrollXyTool = defineTool({
  name: "browser.scroll_xy",
  async run({ x, y, direction, amount, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const target = await targetAtPoint(tab.id, x, y);
    const sign = direction === "up" || direction === "left" ? -1 : 1;
    const vertical = direction === "up" || direction === "down";
    const deltaX = vertical ? 0 : sign * amount;
    const deltaY = vertical ? sign * amount : 0;
    await context.beforeDispatch(tab.id);
    await wheelMouse(tab.id, { x, y }, deltaX, deltaY);
    return { tabId: tab.id, x, y, deltaX, deltaY, target };
  },
});
