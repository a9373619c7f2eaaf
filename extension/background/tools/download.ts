import { MAX_DOWNLOAD_BYTES, WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { checkOpenUrl } from "../gatekeeper/pageChecks.js";
import { policyFor } from "../gatekeeper/policyStore.js";
import { shortenUrl } from "../httpUrl.js";
import { itemOf, summaryOf } from "../downloads/downloadItems.js";

const POLL_MS = 200;

/** Cancels a download the policy or the size limit refuses, and removes what it wrote. */
async function discard(id: number): Promise<void> {
  await chrome.downloads.cancel(id).catch(() => undefined);
  await chrome.downloads.removeFile(id).catch(() => undefined);
  await chrome.downloads.erase({ id }).catch(() => undefined);
}

/**
 * A download through the browser, as a person's click would start it (their cookies, their
 * downloads folder). The gatekeeper has checked the URL; where it ended up after redirects is
 * checked here, and the size, while it runs.
 */
export const downloadTool = defineTool({
  name: "browser.download",
  async run({ url }, context) {
    let id: number;
    try {
      id = await chrome.downloads.download({ url, conflictAction: "uniquify", saveAs: false });
    } catch (error) {
      throw new WebOperatorError(
        "navigation_failed",
        `Chrome would not download ${shortenUrl(url)}: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    const policy = await policyFor(context.agent);
    for (;;) {
      const item = await itemOf(id);
      const landed = item.finalUrl || item.url;
      try {
        checkOpenUrl(policy, landed);
      } catch (error) {
        await discard(id);
        throw error;
      }
      if (Math.max(item.totalBytes, item.bytesReceived) > MAX_DOWNLOAD_BYTES) {
        await discard(id);
        throw new WebOperatorError(
          "payload_too_large",
          `${shortenUrl(landed)} is over ${MAX_DOWNLOAD_BYTES} bytes, so the download was cancelled and removed.`,
        );
      }
      if (item.state !== "in_progress" || Date.now() + POLL_MS > context.deadline - 250) return summaryOf(item);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  },
});
