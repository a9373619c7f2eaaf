import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool, type ToolContext } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { withNavigationWatch } from "../../navigationWatch.js";
import { boundText } from "./boundedText.js";
import { tabUrl } from "./tabSummary.js";
import { stepInPage, type Direction } from "./pageHistoryStep.js";

/** go_back and go_forward: one step through the tab's session history, waiting for the load. */
export const goBackTool = defineTool({
  name: "browser.go_back",
  run: ({ tabId }, context) => moveThroughHistory("back", tabId, context),
});

export const goForwardTool = defineTool({
  name: "browser.go_forward",
  run: ({ tabId }, context) => moveThroughHistory("forward", tabId, context),
});

async function moveThroughHistory(direction: Direction, tabId: number | undefined, context: ToolContext) {
  const tab = await resolveTab(tabId, context.defaultTabId);
  await context.beforeDispatch(tab.id);
  const moved = await withNavigationWatch(tab.id, async (watch) => {
    try {
      await (direction === "back" ? chrome.tabs.goBack(tab.id) : chrome.tabs.goForward(tab.id));
    } catch (error) {
      if (!isAtHistoryEnd(error)) throw error;
      if (!(await stepInPage(tab.id, direction, watch, context.deadline))) return false;
    }
    await watch.waitForLoad(context.deadline, `Going ${direction}`);
    return true;
  });
  const now = await chrome.tabs.get(tab.id).catch(() => {
    throw new WebOperatorError("tab_not_found", `Tab ${tab.id} closed while going ${direction}.`);
  });
  return { tabId: tab.id, url: tabUrl(now), title: boundText(now.title), moved };
}

/** Chrome rejects the call ("Cannot find a next page in history.") in both directions instead of doing nothing. */
function isAtHistoryEnd(error: unknown): boolean {
  return error instanceof Error && /cannot find a (next|previous) page in history/i.test(error.message);
}
