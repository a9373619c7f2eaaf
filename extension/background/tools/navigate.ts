import { WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { withNavigationWatch } from "../navigationWatch.js";

export const navigateTool = defineTool({
  name: "browser.navigate",
  level: "L0",
  effects: "write",
  async run({ url, tabId }, context) {
    const target = parseHttpUrl(url);
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      await chrome.tabs.update(tab.id, { url: target.href });
      await watch.waitForLoad(context.deadline, `Navigation to ${shorten(target.href)}`);
      const loaded = await chrome.tabs.get(tab.id);
      return { tabId: tab.id, url: loaded.url ?? target.href, title: loaded.title ?? "" };
    });
  },
});

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebOperatorError("bad_request", `"${shorten(raw)}" is not an absolute URL. Include the scheme, e.g. https://${shorten(raw)}.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new WebOperatorError("navigation_refused", `Only http and https URLs may be opened; "${url.protocol}" was refused.`);
  }
  return url;
}

/** Error messages quote URLs, and a URL can be megabytes long. */
function shorten(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}
