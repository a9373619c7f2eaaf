import { EXTRACT_PAGE_CHARS } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { untrustedSource } from "./perception/untrustedSource.js";

export const extractTool = defineTool({
  name: "browser.extract",
  level: "L1",
  effects: "read",
  async run({ ref, fromChar, format, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const extracted = await callContent(tab.id, {
      op: "extract",
      fromChar: fromChar ?? 0,
      pageChars: EXTRACT_PAGE_CHARS,
      format,
      ...(ref === undefined ? {} : { ref }),
    });
    return { tabId: tab.id, ...extracted, untrusted: untrustedSource(tab.id, extracted.url) };
  },
});
