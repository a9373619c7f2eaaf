import type { CommandPayload, CommandResult } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { resolveDeepRef } from "../../deep/resolveDeepRef.js";
import { clickResolvedDeepRef } from "../../deep/clickDeepRef.js";

/**
 * A snapshot that fell back to the CDP accessibility tree prints deep refs (c…); the agent
 * clicks them with the same browser.click, which routes here for a trusted CDP click.
 */
export async function performDeepClick(
  input: CommandPayload<"browser.click">,
  context: ToolContext,
): Promise<CommandResult<"browser.click">> {
  const resolved = await resolveDeepRef(input.ref, input.tabId);
  const { value, effects } = await runWriteAction(
    resolved.tabId,
    context,
    async () => ({
      value: await clickResolvedDeepRef(resolved, { beforeDispatch: (tabId) => context.beforeDispatch(tabId) }),
    }),
    { pointer: true },
  );
  return { tabId: value.tabId, ref: value.ref, target: value.target, recovered: false, input: "trusted", ...effects };
}
