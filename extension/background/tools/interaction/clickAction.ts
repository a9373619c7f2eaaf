import type { CommandPayload, CommandResult } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { clickAt } from "../../input/mouse.js";
import { modifierBits } from "../../input/modifiers.js";
import { actionLabel } from "../../actions/actionLabel.js";

export type ClickInput = CommandPayload<"browser.click">;

/** Plain left clicks stay synthetic (no debugger banner); anything a DOM event can't fake goes through CDP. */
export function needsTrustedInput(input: ClickInput): boolean {
  return (input.button !== undefined && input.button !== "left") || (input.count ?? 1) > 1 || (input.modifiers?.length ?? 0) > 0;
}

/**
 * Actionability first (visible, stable, enabled, not obscured), then the highlight, then
 * the click through the shared write path.
 */
export async function performClick(tabId: number, input: ClickInput, context: ToolContext, mode: "synthetic" | "trusted"): Promise<CommandResult<"browser.click">> {
  const prepared = await callContent(tabId, { op: "prepare_action", ref: input.ref, purpose: "click", highlight: actionLabel(context, input.reason ?? "click") });
  const { effects } = await runWriteAction<null>(tabId, context, async () => {
    if (mode === "synthetic") {
      const clicked = await callContent(tabId, { op: "click", ref: prepared.ref });
      return { value: null, navigationStarted: clicked.navigationStarted };
    }
    await clickAt(tabId, prepared.point, input.button ?? "left", input.count ?? 1, modifierBits(input.modifiers));
    return { value: null };
  });
  return { tabId, ref: prepared.ref, target: prepared.target, recovered: prepared.recovered, input: mode, ...effects };
}
