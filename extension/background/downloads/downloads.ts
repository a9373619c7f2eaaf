import { redactUrl } from "../../../protocol/redaction.js";
import { DownloadTracker } from "./downloadTracker.js";

/**
 * The service worker's one tracker, listening from the moment the worker starts. Action
 * tools attach `downloads` via trackDownloadsDuring and later completions via
 * drainDownloadUpdates; browser.downloads refreshes byte counts from Chrome.
 */
export const downloadTracker = new DownloadTracker(
  {
    onCreated: (listener) => chrome.downloads.onCreated.addListener(listener),
    onChanged: (listener) => chrome.downloads.onChanged.addListener(listener),
    onErased: (listener) => chrome.downloads.onErased.addListener(listener),
  },
  redactUrl,
);

export const trackDownloadsDuring = downloadTracker.trackDownloadsDuring.bind(downloadTracker);
export const drainDownloadUpdates = downloadTracker.drainDownloadUpdates.bind(downloadTracker);

/** Current byte counts of downloads still running (onChanged does not report progress). */
export async function listDownloads(): Promise<ReturnType<DownloadTracker["list"]>> {
  const listed = downloadTracker.list();
  for (const download of listed.downloads) {
    if (download.state !== "in_progress") continue;
    const [item] = await chrome.downloads.search({ id: Number(download.download_id.slice(3)) });
    if (item !== undefined) download.bytesReceived = item.bytesReceived;
  }
  return listed;
}
