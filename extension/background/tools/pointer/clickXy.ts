import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { modifierBits } from "../../input/modifiers.js";
import { clickAt } from "../../input/mouse.js";
import { pointHolds } from "../../actions/dispatchChecks.js";

/**
 * A trusted click at a viewport point: move, then press/release `count` times with a
 * rising clickCount, so a triple click yields click, click, dblclick, click as in Chrome.
 * Before each press, the point is hit-tested again: a cover a mousemove handler turned on
 * takes no press (obscured).
 */
export const clickXyTool = defineTool({
  name: "browser.click_xy",
  async run({ x, y, button, count, modifiers, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const target = await targetAtPoint(tab.id, x, y);
    const { effects } = await runWriteAction(
      tab.id,
      context,
      async (verified) => {
        const holds = (): Promise<unknown> => pointHolds(tab.id, { x, y }, "click", verified);
        await clickAt(tab.id, { x, y }, button, count, modifierBits(modifiers), holds);
        return { value: null };
      },
      { pointer: true },
    );
    return { tabId: tab.id, x, y, button, count, target, ...effects };
  },
});
