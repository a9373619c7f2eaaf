import { defineTool } from "../../toolRegistry.js";
import { withNavigationWatch } from "../../navigationWatch.js";
import { clickResolvedDeepRef } from "../../deep/clickDeepRef.js";
import { resolveDeepRef } from "../../deep/resolveDeepRef.js";

export const clickDeepTool = defineTool({
  name: "browser.click_deep",
  async run({ ref, tabId }, context) {
    // A deep ref names its own tab; an explicit tabId must agree with it (stale_ref otherwise).
    const resolved = await resolveDeepRef(ref, tabId);
    return withNavigationWatch(resolved.tabId, async (watch) => {
      const clicked = await clickResolvedDeepRef(resolved, { beforeDispatch: (id) => context.beforeDispatch(id) });
      await watch.settleAfterAction(context.deadline);
      const after = await chrome.tabs.get(clicked.tabId);
      return { ...clicked, url: after.url ?? "" };
    });
  },
});
