import { MAX_PDF_BYTES, WebOperatorError } from "../../../protocol/index.js";
import { redactUrl } from "../../../protocol/redaction.js";
import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { debuggerSession } from "../debuggerSession.js";
import { itemOf, summaryOf } from "../downloads/downloadItems.js";

const POLL_MS = 100;

/**
 * Print to PDF, saved where the person's downloads go and reported as a download: CDP prints
 * with print media, as Chrome's print dialog does. Chrome lets a service worker save only a
 * URL, and no blob: URL exists there, so the PDF goes as one data: URL (capped, see MAX_PDF_BYTES).
 */
export const pdfTool = defineTool({
  name: "browser.pdf",
  async run({ tabId, landscape, printBackground, pageRanges }, context) {
    const tab = await toolTab(tabId, context);
    const { data } = await debuggerSession.send(tab.id, "Page.printToPDF", {
      landscape: landscape ?? false,
      printBackground: printBackground ?? false,
      ...(pageRanges === undefined ? {} : { pageRanges }),
    });
    const bytes = Math.floor((data.length * 3) / 4);
    if (bytes > MAX_PDF_BYTES) {
      throw new WebOperatorError(
        "payload_too_large",
        `The PDF is ${bytes} bytes, over the ${MAX_PDF_BYTES} browser.pdf can save; print fewer pages (pageRanges, e.g. "1-3").`,
      );
    }
    const id = await chrome.downloads.download({
      url: `data:application/pdf;base64,${data}`,
      filename: pdfFilename(tab.title ?? "", tab.url ?? ""),
      conflictAction: "uniquify",
      saveAs: false,
    });
    for (;;) {
      const item = await itemOf(id);
      if (item.state !== "in_progress" || Date.now() + POLL_MS > context.deadline - 250) {
        // The data: URL is the whole file: the page it came from is what the agent needs.
        return { tabId: tab.id, ...summaryOf(item), url: redactUrl(tab.url ?? "") };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  },
});

/** The page's title (else its host) as a file name the downloads folder accepts. */
function pdfFilename(title: string, url: string): string {
  let host = "page";
  try {
    host = new URL(url).hostname || host;
  } catch {
    // A tab without a parseable URL prints as "page.pdf".
  }
  const base = (title.trim() || host)
    .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
    .replace(/^[ .]+|[ .]+$/g, "")
    .slice(0, 100);
  return `${base || "page"}.pdf`;
}
