import { COMMANDS, type CommandResult } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";

/**
 * Trusted input is the fallback, not the default: only a clearly failed synthetic type escalates, once: the field still holds
 * what it held before, and that is not already the wanted text. (Pages that ignore
 * untrusted input events leave exactly this trace.)
 */
export function typingVisiblyFailed(before: string, after: string, text: string, mode: "replace" | "append"): boolean {
  if (text.length === 0) return false;
  const wanted = mode === "replace" ? text : before + text;
  return after === before && after !== wanted;
}

/** A new, separately gated call of browser.type_trusted, reported as the escalation it is. */
export async function escalateToTrustedTyping(
  context: ToolContext,
  payload: { ref: string; text: string; mode: "replace" | "append"; tabId: number },
): Promise<CommandResult<"browser.type">> {
  const raw = await context.runTool("browser.type_trusted", payload);
  const trusted = COMMANDS["browser.type_trusted"].result.parse(raw);
  return { ...trusted, submitted: false, escalated: "type_trusted" };
}
