import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { debuggerSession } from "../../debuggerSession.js";
import { focusHolds } from "../../actions/dispatchChecks.js";
import { looksLikeDeepRef } from "../../deep/deepRefFormat.js";
import { performDeepTyping } from "./deepFieldActions.js";

/**
 * Trusted text entry: the content script focuses the field and selects what to replace,
 * then CDP Input.insertText inserts the text as the browser's own editing would, so
 * pages that only trust real input (isTrusted) accept it.
 */
export const typeTrustedTool = defineTool({
  name: "browser.type_trusted",
  async run({ ref, text, mode, tabId }, context) {
    if (looksLikeDeepRef(ref)) return performDeepTyping({ ref, text, mode, tabId }, context);
    const tab = await resolveTab(tabId, context.defaultTabId);
    const prepared = await callContent(tab.id, { op: "prepare_action", ref, purpose: "type", exactPoint: false });
    const { effects } = await runWriteAction(tab.id, context, async (verified) => {
      await callContent(tab.id, { op: "prepare_typing", ref: prepared.ref, mode }, verified);
      // The text goes wherever focus is: a focus handler that moved it elsewhere gets none.
      await focusHolds(tab.id, prepared.ref, "typing", verified);
      if (text.length > 0) await debuggerSession.send(tab.id, "Input.insertText", { text });
      else if (mode === "replace")
        await debuggerSession.send(tab.id, "Input.dispatchKeyEvent", {
          type: "rawKeyDown",
          key: "Delete",
          code: "Delete",
          windowsVirtualKeyCode: 46,
        });
      return { value: null, navigationStarted: false };
    });
    const { value } = await callContent(tab.id, { op: "read_value", ref: prepared.ref });
    return { tabId: tab.id, ref: prepared.ref, target: prepared.target, recovered: prepared.recovered, value, ...effects };
  },
});
