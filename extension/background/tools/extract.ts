import { EXTRACT_PAGE_CHARS } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { untrustedSource } from "./perception/untrustedSource.js";
import { withEmulatedMedia } from "../cdp/emulatedMedia.js";

export const extractTool = defineTool({
  name: "browser.extract",
  async run({ ref, fromChar, format, media, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const extracted = await withEmulatedMedia(tab.id, media, () =>
      callContent(tab.id, {
        op: "extract",
        fromChar: fromChar ?? 0,
        pageChars: EXTRACT_PAGE_CHARS,
        format,
        ...(ref === undefined ? {} : { ref }),
      }),
    );
    // Every result says what it extracted from, text or Markdown alike.
    const source = extracted.source ?? (ref === undefined ? "page" : "element");
    return {
      tabId: tab.id,
      ...extracted,
      format: extracted.format ?? format ?? "text",
      source,
      untrusted: untrustedSource(tab.id, extracted.url),
    };
  },
});
