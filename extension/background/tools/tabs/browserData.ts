import { defineTool } from "../../toolRegistry.js";
import { boundText, capList, MAX_URL_CHARS } from "./boundedText.js";

/** Browser metadata (history, bookmarks, top sites): titles and URLs only, never page bodies. */

export const historySearchTool = defineTool({
  name: "browser.history_search",
  async run({ query, maxResults, startTime }) {
    // One more than asked tells us whether the answer was cut.
    const found = await chrome.history.search({
      text: query,
      maxResults: maxResults + 1,
      ...(startTime === undefined ? {} : { startTime }),
    });
    const { items, truncated } = capList(found, maxResults);
    return {
      items: items.map((item) => ({
        url: boundText(item.url, MAX_URL_CHARS),
        title: boundText(item.title),
        ...(item.lastVisitTime === undefined ? {} : { lastVisitTime: item.lastVisitTime }),
        ...(item.visitCount === undefined ? {} : { visitCount: item.visitCount }),
        ...(item.typedCount === undefined ? {} : { typedCount: item.typedCount }),
      })),
      truncated,
    };
  },
});

export const bookmarksSearchTool = defineTool({
  name: "browser.bookmarks_search",
  async run({ query, maxResults }) {
    const { items, truncated } = capList(await chrome.bookmarks.search(query), maxResults);
    return {
      bookmarks: items.map((node) => ({
        id: node.id,
        title: boundText(node.title),
        ...(node.url === undefined ? {} : { url: boundText(node.url, MAX_URL_CHARS) }),
        ...(node.parentId === undefined ? {} : { parentId: node.parentId }),
        ...(node.dateAdded === undefined ? {} : { dateAdded: node.dateAdded }),
      })),
      truncated,
    };
  },
});

export const topSitesTool = defineTool({
  name: "browser.top_sites",
  async run() {
    const { items, truncated } = capList(await chrome.topSites.get());
    return { sites: items.map((site) => ({ url: boundText(site.url, MAX_URL_CHARS), title: boundText(site.title) })), truncated };
  },
});
