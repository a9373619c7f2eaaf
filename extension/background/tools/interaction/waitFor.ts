import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";

const DEFAULT_CONDITION_TIMEOUT_MS = 5_000;

/** Text appearing, text disappearing, or a bounded timer. */
export const waitForTool = defineTool({
  name: "browser.wait_for",
  async run({ text, textGone, timeMs, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const budget = Math.max(0, context.deadline - Date.now());
    if (timeMs !== undefined && timeMs > budget) {
      throw new WebOperatorError(
        "bad_request",
        `timeMs ${timeMs} does not fit in this request's time (about ${budget} ms left of timeoutMs); raise the request's timeoutMs or lower timeMs.`,
      );
    }
    if (text === undefined && textGone === undefined) {
      const waitMs = timeMs ?? 0;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return { tabId: tab.id, matched: true, waitedMs: waitMs };
    }
    const timeoutMs = Math.max(1, Math.min(timeMs ?? DEFAULT_CONDITION_TIMEOUT_MS, budget));
    const outcome = await callContent(tab.id, {
      op: "wait_for",
      timeoutMs,
      ...(text === undefined ? {} : { text }),
      ...(textGone === undefined ? {} : { textGone }),
    });
    if (!outcome.matched) {
      const what = text !== undefined ? `"${text}" to appear` : `"${textGone ?? ""}" to disappear`;
      throw new WebOperatorError(
        "timeout",
        `Waited ${outcome.waitedMs} ms for ${what} (matching is case-sensitive); it did not. Take a snapshot to see the page, or wait longer with timeMs (and a larger timeoutMs).`,
      );
    }
    return { tabId: tab.id, ...outcome };
  },
});
