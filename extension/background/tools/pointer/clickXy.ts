import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { modifierBits } from "../../pointer/modifierBits.js";
import { moveMouse, pressMouse, releaseMouse } from "../../pointer/mouseInput.js";

/**
 * A trusted click at a viewport point: move, then press/release `count` times with a
 * rising clickCount, so a triple click yields click, click, dblclick, click as in Chrome.
 */
export const clickXyTool = defineTool({
  name: "browser.click_xy",
  async run({ x, y, button, count, modifiers, tabId }, context) {
    const bits = modifierBits(modifiers);
    const tab = await resolveTab(tabId, context.defaultTabId);
    const target = await targetAtPoint(tab.id, x, y);
    const { effects } = await runWriteAction(tab.id, context, async () => {
      await moveMouse(tab.id, x, y, { modifiers: bits });
      for (let clickCount = 1; clickCount <= count; clickCount++) {
        await pressMouse(tab.id, x, y, button, { modifiers: bits, clickCount });
        await releaseMouse(tab.id, x, y, button, { modifiers: bits, clickCount });
      }
      return { value: null };
    });
    return { tabId: tab.id, x, y, button, count, target, ...effects };
  },
});
