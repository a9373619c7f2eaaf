import type { ContentResult } from "../../../protocol/contentReplies.js";
import * as dom from "../dom/intrinsics.js";

const POLL_MS = 50;

/**
 * Waits until text appears (or disappears) in the page's visible text, or only for the
 * bounded time when no text is given. innerText is what a person can read.
 */
export async function waitForText(request: { text?: string; textGone?: string; timeoutMs: number }): Promise<ContentResult<"wait_for">> {
  const started = performance.now();
  const condition = (): boolean => {
    const body = dom.body(document);
    const visible = body === null ? "" : dom.innerText(body);
    if (request.text !== undefined && !visible.includes(request.text)) return false;
    if (request.textGone !== undefined && visible.includes(request.textGone)) return false;
    return request.text !== undefined || request.textGone !== undefined;
  };
  while (performance.now() - started < request.timeoutMs) {
    if (condition()) return { matched: true, waitedMs: Math.round(performance.now() - started) };
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, request.timeoutMs)));
  }
  return { matched: condition(), waitedMs: Math.round(performance.now() - started) };
}
