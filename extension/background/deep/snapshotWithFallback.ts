import type { EmulatedMedia } from "../../../protocol/primitives.js";
import { WebOperatorError, type ContentResult, type HopRecorder } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";
import { axSnapshot } from "./axSnapshot.js";

/** How long the content script may take before the accessibility tree is asked instead. */
const CONTENT_SNAPSHOT_TIMEOUT_MS = 10_000;

export type SnapshotWithSource = ContentResult<"snapshot"> & { tabId: number; source: "dom" | "cdp-ax"; fallback?: string };

/**
 * The perception chain: the DOM snapshot; when it is empty or the content
 * script cannot answer, CDP's accessibility tree; when that is unavailable or empty too,
 * an explicit failure that points to browser.screenshot. Never an empty success.
 */
export async function snapshotWithFallback(
  tabId: number,
  maxChars: number,
  {
    contentTimeoutMs = CONTENT_SNAPSHOT_TIMEOUT_MS,
    tab,
    elements,
    media,
    hops,
  }: {
    contentTimeoutMs?: number;
    tab?: chrome.tabs.Tab;
    elements?: boolean | undefined;
    /** The media the caller emulates around this call, so a snapshot cached under other media is not reused. */
    media?: EmulatedMedia | undefined;
    hops?: HopRecorder | undefined;
  } = {},
): Promise<SnapshotWithSource> {
  let domFailure: WebOperatorError;
  try {
    const snapshot = await withTimeout(
      callContent(
        tabId,
        { op: "snapshot", maxChars, ...(elements === true ? { elements } : {}), ...(media === undefined ? {} : { media }) },
        tab,
        hops,
      ),
      contentTimeoutMs,
    );
    if (hasBody(snapshot.text)) return { tabId, ...snapshot, source: "dom" };
    domFailure = new WebOperatorError("empty_snapshot", "The DOM snapshot was empty.");
  } catch (error) {
    if (!(error instanceof WebOperatorError) || !(await isFallbackCase(tabId, error))) throw error;
    domFailure = error;
  }
  try {
    const { snapshotId, url, title, text, refCount, truncated } = await axSnapshot(tabId, { maxChars });
    // Never silent: the agent learns the page's own engine is missing, and why.
    return { tabId, snapshotId, url, title, text, refCount, truncated, source: "cdp-ax", fallback: domFailure.message };
  } catch (error) {
    if (error instanceof WebOperatorError && error.code === "debugger_unavailable") {
      throw new WebOperatorError(
        "debugger_unavailable",
        `The DOM snapshot failed (${domFailure.message}) and the accessibility tree needs the debugger: ${error.message}`,
      );
    }
    if (error instanceof WebOperatorError && error.code !== "empty_snapshot") throw error;
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (tab?.status === "loading") {
      // A parser waiting on a script from a host that does not answer: the body is not there yet.
      throw new WebOperatorError(
        "empty_snapshot",
        "The page is still loading and shows nothing yet (its parser may be waiting for a slow script). Call browser.wait_for with text you expect, or browser.snapshot again in a few seconds; browser.screenshot shows what is drawn.",
      );
    }
    throw new WebOperatorError(
      "empty_snapshot",
      "The page has no readable content: its DOM snapshot and its accessibility tree are both empty (drawn on a canvas, or still loading). " +
        "Take browser.screenshot and act on what it shows by coordinates, or wait and read again.",
    );
  }
}

/**
 * Empty DOM snapshots and an http(s) page whose content script failed or never answered
 * fall back. Non-web pages do not (CDP cannot attach there either), nor does a page that
 * navigated mid-command (stale_ref), which a retry handles better.
 */
async function isFallbackCase(tabId: number, error: WebOperatorError): Promise<boolean> {
  if (error.code === "empty_snapshot" || error.code === "timeout" || error.code === "internal_error") return true;
  if (error.code !== "unsupported_page") return false;
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  return /^https?:/i.test(tab?.url ?? "");
}

function hasBody(text: string): boolean {
  // The header is "# Page Snapshot", URL, Title and a blank line; a success has lines after it.
  return text
    .split("\n")
    .slice(4)
    .some((line) => line.trim() !== "");
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WebOperatorError("timeout", `The content script did not answer within ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
