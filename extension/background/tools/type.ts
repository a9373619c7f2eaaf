import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { runWriteAction } from "../actions/writeAction.js";
import { parseKeyChord } from "../input/keyboardLayout.js";
import { pressChord } from "../input/keyboard.js";
import { actionLabel } from "../actions/actionLabel.js";
import { showActionHighlight } from "../visualization/actionOverlay.js";
import { escalateToTrustedTyping } from "./interaction/typeEscalation.js";
import { typingVisiblyFailed } from "./interaction/typingCheck.js";
import { performDeepTyping } from "./interaction/deepFieldActions.js";
import { looksLikeDeepRef } from "../deep/deepRefFormat.js";

export const typeTool = defineTool({
  name: "browser.type",
  async run({ ref, text, mode, submit, tabId }, context) {
    // A field in a cross-origin frame (a deep ref) has no content script to type into: trusted insertion there.
    if (looksLikeDeepRef(ref)) return { ...(await performDeepTyping({ ref, text, mode, submit, tabId }, context)), submitted: submit };
    const tab = await resolveTab(tabId, context.defaultTabId);
    const before = await callContent(tab.id, { op: "read_value", ref });
    const highlight = await callContent(tab.id, { op: "highlight", ref }).catch(() => null);
    showActionHighlight(tab, highlight?.box, actionLabel(context, "type"));
    const { value: typed, effects } = await runWriteAction(tab.id, context, async () => {
      const entered = await callContent(tab.id, { op: "type", ref, text, mode });
      // Submitting with a trusted Enter runs the page's own implicit-submission path.
      if (submit) await pressChord(tab.id, parseKeyChord("Enter"));
      return { value: entered, ...(submit ? {} : { navigationStarted: false }) };
    });
    if (submit) return { tabId: tab.id, ...typed, submitted: submit, ...effects };
    // Editors draw what they took on their next render: the answer is what the page shows once it settled.
    const shown = effects.navigated ? typed : { ...typed, value: (await callContent(tab.id, { op: "read_value", ref: typed.ref })).value };
    if (typingVisiblyFailed(before.value, shown.value, text, mode)) {
      return escalateToTrustedTyping(context, { ref: typed.ref, text, mode, tabId: tab.id });
    }
    return { tabId: tab.id, ...shown, submitted: submit, ...effects };
  },
});
