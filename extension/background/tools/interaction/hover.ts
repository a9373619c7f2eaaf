import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { moveMouse } from "../../input/mouse.js";
import { aimedPoint } from "../../actions/aimedPoint.js";
import { refHolds } from "../../actions/dispatchChecks.js";

/**
 * Hover moves the real (CDP) pointer: CSS :hover menus react only to trusted movement,
 * which a dispatched mouseover cannot produce.
 */
export const hoverTool = defineTool({
  name: "browser.hover",
  async run({ ref, tabId, force }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const prepared = await callContent(tab.id, { op: "prepare_action", ref, purpose: "hover", exactPoint: true, force });
    const { effects } = await runWriteAction(tab.id, context, async (verified) => {
      const point = aimedPoint(prepared);
      // Checked at the moment of the move, after the gatekeeper's last look, not only when prepared.
      await refHolds(tab.id, prepared.ref, point, "hover", verified);
      await moveMouse(tab.id, point);
      return { value: null, navigationStarted: false };
    });
    return { tabId: tab.id, ref: prepared.ref, target: prepared.target, recovered: prepared.recovered, ...effects };
  },
});
