import { FIND_MAX_MATCHES } from "../../../../protocol/tools/perceptionTools.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { untrustedSource } from "./untrustedSource.js";

export const findInPageTool = defineTool({
  name: "browser.find_in_page",
  async run({ query, role, match, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const found = await callContent(tab.id, {
      op: "find",
      query,
      limit: FIND_MAX_MATCHES,
      ...(role === undefined ? {} : { role }),
      ...(match === undefined ? {} : { match }),
    });
    return { tabId: tab.id, ...found, untrusted: untrustedSource(tab.id, found.url) };
  },
});
