import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { parseHttpUrl, shortenUrl } from "../../httpUrl.js";
import { withNewTabLoadWatch } from "./newTabLoadWatch.js";
import { boundText } from "./boundedText.js";
import { tabUrl } from "./tabSummary.js";

const BLANK = "about:blank";

/**
 * Opens a tab, in the background unless `active` is asked for, and answers once it loaded.
 * Its tabId becomes this agent's default route. A load that fails closes the tab again, so
 * a failed open leaves nothing behind.
 */
export const tabOpenTool = defineTool({
  name: "browser.tab_open",
  async run({ url, active, windowId, newWindow }, context) {
    const target = url === undefined ? BLANK : parseHttpUrl(url).href;
    if (windowId !== undefined) await requireWindow(windowId);
    if (newWindow && windowId !== undefined) throw new WebOperatorError("bad_request", "Give windowId or newWindow, not both.");
    return withNewTabLoadWatch(async (watch) => {
      const tabId = newWindow ? await openInNewWindow(target) : await openInWindow(target, active, windowId);
      // about:blank has nothing to load; waiting for it would wait for an event that may never come.
      if (target !== BLANK) {
        try {
          await watch.waitForLoad(tabId, context.deadline, `Opening ${shortenUrl(target)}`);
        } catch (error) {
          if (error instanceof WebOperatorError && error.code === "navigation_failed")
            await chrome.tabs.remove(tabId).catch(() => undefined);
          throw error;
        }
      }
      const loaded = await chrome.tabs.get(tabId);
      return { tabId, windowId: loaded.windowId, url: tabUrl(loaded) || target, title: boundText(loaded.title), active: loaded.active };
    });
  },
});

async function openInWindow(url: string, active: boolean, windowId: number | undefined): Promise<number> {
  const created = await chrome.tabs.create({ url, active, ...(windowId === undefined ? {} : { windowId }) });
  if (created.id === undefined) throw new WebOperatorError("internal_error", "The browser created a tab without an id.");
  return created.id;
}

/** A background tab renders no frames (screenshots hang); the front tab of an unfocused window does. */
async function openInNewWindow(url: string): Promise<number> {
  const window = await chrome.windows.create({ url, focused: false, type: "normal" });
  const tabId = window?.tabs?.[0]?.id;
  if (tabId === undefined) throw new WebOperatorError("internal_error", "The browser created a window without a tab.");
  return tabId;
}

async function requireWindow(windowId: number): Promise<void> {
  try {
    await chrome.windows.get(windowId);
  } catch {
    throw new WebOperatorError(
      "not_found",
      `Window ${windowId} does not exist (closed?). Call tabs_list for the current windowIds, or omit windowId.`,
    );
  }
}
