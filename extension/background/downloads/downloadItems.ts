import { WebOperatorError } from "../../../protocol/index.js";
import type { DownloadSummary } from "../../../protocol/tools/diagnosticsTools.js";
import { redactUrl } from "../../../protocol/redaction.js";

/** A Chrome download as browser.download and browser.downloads report it. */
export function summaryOf(item: chrome.downloads.DownloadItem): DownloadSummary {
  const state = item.state === "complete" || item.state === "interrupted" ? item.state : "in_progress";
  return {
    download_id: `dl-${item.id}`,
    url: redactUrl(item.finalUrl || item.url),
    filename: item.filename,
    state,
    ...(item.error ? { error: item.error } : {}),
    bytesReceived: item.bytesReceived,
    ...(item.totalBytes > 0 ? { totalBytes: item.totalBytes } : {}),
    ...(item.mime ? { mime: item.mime } : {}),
  };
}

/** Chrome's record of a download now. */
export async function itemOf(id: number): Promise<chrome.downloads.DownloadItem> {
  const [item] = await chrome.downloads.search({ id });
  if (item === undefined)
    throw new WebOperatorError("not_found", `Download ${id} is gone from Chrome's list (the person may have removed it).`);
  return item;
}
