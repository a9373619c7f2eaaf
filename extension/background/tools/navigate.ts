import { WebOperatorError } from "../../../protocol/index.js";
import type { DownloadSummary } from "../../../protocol/tools/diagnosticsTools.js";
import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { withNavigationWatch } from "../navigationWatch.js";
import { adoptAgentTab } from "../dialogs/outsideDialogs.js";
import { parseHttpUrl, shortenUrl } from "../httpUrl.js";
import { trackDownloadsDuring } from "../downloads/downloads.js";
import { prepareFirstSnapshot } from "./perception/preparedSnapshot.js";
import { openContentPort } from "../contentPorts.js";

/**
 * Chrome turns a navigation to a file it saves (Content-Disposition: attachment) into a
 * download and aborts the navigation; the download's creation may come a moment after the abort.
 */
const DOWNLOAD_AFTER_ABORT_MS = 150;

export const navigateTool = defineTool({
  name: "browser.navigate",
  async run({ url, tabId }, context) {
    const target = parseHttpUrl(url);
    const tab = await toolTab(tabId, context);
    const { result, downloads } = await trackDownloadsDuring(async () => {
      try {
        const loaded = await withNavigationWatch(
          tab.id,
          async (watch) => {
            await context.beforeDispatch(tab.id);
            // The agent now drives this tab: its next documents answer their own dialogs (outsideDialogs.ts).
            await adoptAgentTab(tab.id);
            await watch.rememberCurrentDocument();
            // The new document's port is set up while the load's last moments are awaited.
            watch.onInteractiveDocument(() => openContentPort(tab.id));
            context.hops?.mark("worker: navigation, set-up (dialog recorder, current document)");
            // Chrome rejects the update of a tab that is closing or crashed; that is no internal error.
            await chrome.tabs.update(tab.id, { url: target.href }).catch((error: unknown) => {
              const reason = error instanceof Error ? error.message : String(error);
              throw new WebOperatorError(
                "navigation_failed",
                `Chrome refused to navigate tab ${tab.id} (${reason}); it may be closing. List tabs and retry with a live tabId.`,
              );
            });
            // Answers at DOMContentLoaded: subresources that never arrive must not hold the agent.
            const { loading } = await watch.waitForInteractive(context.deadline, `Navigation to ${shortenUrl(target.href)}`);
            context.hops?.mark("worker: navigation, to DOMContentLoaded (and a prompt load)");
            // The answer's tab read runs beside the preparation rather than before it, and the
            // preparation is given the tab as it committed, so it need not read it again.
            const committed = { ...tab, url: watch.committedUrl ?? target.href };
            const [loaded] = await Promise.all([
              chrome.tabs.get(tab.id),
              prepareFirstSnapshot(tab.id, committed, context.hops, context.firstLook),
            ]);
            context.hops?.mark("worker: first snapshot prepared, tab read");
            return { tabId: tab.id, url: loaded.url ?? target.href, title: loaded.title ?? "", loading };
          },
          target.href,
        );
        return { ok: true as const, loaded };
      } catch (error) {
        if (!(error instanceof WebOperatorError) || error.code !== "navigation_failed") throw error;
        await new Promise((done) => setTimeout(done, DOWNLOAD_AFTER_ABORT_MS));
        return { ok: false as const, failed: error };
      }
    });
    if (result.ok) {
      return { ...result.loaded, ...startedField(downloads) };
    }
    if (downloads.length === 0) throw result.failed;
    // The navigation became a download: the tab shows what it showed before, which is the answer.
    const stayed = await chrome.tabs.get(tab.id);
    return { tabId: tab.id, url: stayed.url ?? "", title: stayed.title ?? "", ...startedField(downloads) };
  },
});

function startedField(downloads: DownloadSummary[]): { download_started?: DownloadSummary[] } {
  return downloads.length === 0 ? {} : { download_started: downloads };
}
