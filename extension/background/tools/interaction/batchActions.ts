import { errorFromUnknown, type FailureStage } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";

/**
 * Up to four click/type/select steps, each a separately gated call. The batch stops as
 * soon as a step fails, or before a step would use refs from a page that has since
 * navigated or opened a new tab: its refs would name another page's elements.
 */
export const batchActionsTool = defineTool({
  name: "browser.batch_actions",
  async run({ actions, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const results: Array<{ tool: string; ok: boolean; result?: unknown; code?: string; error?: string; stage?: FailureStage }> = [];
    for (const [index, action] of actions.entries()) {
      const { tool, ...payload } = action;
      try {
        const result = await context.runTool(`browser.${tool}`, { ...payload, tabId: tab.id });
        results.push({ tool, ok: true, result });
        const changed = contextChange(result);
        if (changed !== null && index < actions.length - 1) {
          return {
            tabId: tab.id,
            results,
            completed: results.length,
            stopped: `${changed} after step ${index + 1}; the remaining steps' refs belong to the old page. Take a new snapshot.`,
          };
        }
      } catch (error) {
        const failure = errorFromUnknown(error);
        results.push({
          tool,
          ok: false,
          code: failure.code,
          error: failure.message,
          ...(failure.stage === undefined ? {} : { stage: failure.stage }),
        });
        return { tabId: tab.id, results, completed: index, stopped: `step ${index + 1} (${tool}) failed` };
      }
    }
    return { tabId: tab.id, results, completed: results.length };
  },
});

function contextChange(result: unknown): string | null {
  if (typeof result !== "object" || result === null) return null;
  if ("tab_created" in result && result.tab_created !== undefined) return "a new tab opened";
  if ("navigated" in result && result.navigated === true) return "the page navigated";
  return null;
}
