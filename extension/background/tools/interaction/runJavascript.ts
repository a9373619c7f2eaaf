import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { debuggerSession } from "../../debuggerSession.js";

const MAX_RESULT_CHARS = 8_000;

/**
 * Runs code in the page's main world through CDP Runtime.evaluate (page CSP does not
 * apply). The gatekeeper denies it unless the user's policy allows JavaScript.
 */
export const runJavascriptTool = defineTool({
  name: "browser.run_javascript",
  async run({ code, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    await context.beforeDispatch(tab.id);
    const response = await debuggerSession.send(tab.id, "Runtime.evaluate", {
      expression: code,
      returnByValue: true,
      awaitPromise: true,
      userGesture: true,
      timeout: Math.max(1, context.deadline - Date.now()),
    });
    if (response.exceptionDetails) {
      const detail = response.exceptionDetails.exception?.description ?? response.exceptionDetails.text ?? "unknown error";
      throw new WebOperatorError("dispatch_failed", `The script threw: ${detail.slice(0, 500)}`);
    }
    const value =
      response.result?.value !== undefined ? JSON.stringify(response.result.value) : (response.result?.description ?? "undefined");
    const text = value ?? "undefined";
    return { tabId: tab.id, result: text.slice(0, MAX_RESULT_CHARS), truncated: text.length > MAX_RESULT_CHARS };
  },
});
