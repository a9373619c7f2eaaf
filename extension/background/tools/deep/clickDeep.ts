import { defineTool } from "../../toolRegistry.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { clickResolvedDeepRef } from "../../deep/clickDeepRef.js";
import { resolveDeepRef } from "../../deep/resolveDeepRef.js";

/** A trusted click on a deep ref, through the same write path as every other write (dialogs, gate, settle, observation). */
export const clickDeepTool = defineTool({
  name: "browser.click_deep",
  async run({ ref, tabId }, context) {
    // A deep ref names its own tab; an explicit tabId must agree with it (stale_ref otherwise).
    const resolved = await resolveDeepRef(ref, tabId);
    const { value, effects } = await runWriteAction(
      resolved.tabId,
      context,
      async () => ({
        value: await clickResolvedDeepRef(resolved, { beforeDispatch: (id) => context.beforeDispatch(id) }),
      }),
      { pointer: true },
    );
    return { ...value, ...effects };
  },
});
