import { WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { debuggerSession } from "../debuggerSession.js";
import { pngDimensions } from "../pngDimensions.js";

export const screenshotTool = defineTool({
  name: "browser.screenshot",
  level: "L2",
  effects: "read",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const { data } = await debuggerSession.send<{ data: string }>(tab.id, "Page.captureScreenshot", { format: "png" });
    const size = pngDimensions(data);
    if (!size) throw new WebOperatorError("internal_error", "The browser returned a screenshot that is not a PNG.");
    return { tabId: tab.id, mimeType: "image/png", data, ...size };
  },
});
