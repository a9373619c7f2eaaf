import { COMMANDS, type CommandResult } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";

/** A new, separately gated call of browser.type_trusted, reported as the escalation it is. */
export async function escalateToTrustedTyping(
  context: ToolContext,
  payload: { ref: string; text: string; mode: "replace" | "append"; tabId: number },
): Promise<CommandResult<"browser.type">> {
  const raw = await context.runTool("browser.type_trusted", payload);
  const trusted = COMMANDS["browser.type_trusted"].result.parse(raw);
  return { ...trusted, submitted: false, escalated: "type_trusted" };
}
