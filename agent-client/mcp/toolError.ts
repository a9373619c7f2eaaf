import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isCommandType, markPageStrings, newUntrustedBoundary, type ConfirmationRequest, type ErrorDetails } from "../../protocol/index.js";
import { stageLabel } from "../stageLabel.js";
import { mcpToolName } from "./toolCatalog.js";

/** Errors whose message is wholly ours: the bridge's own state, never a page's words. */
const OWN_MESSAGE_CODES: ReadonlySet<string> = new Set([
  "extension_disconnected",
  "unauthorized",
  "unknown_command",
  "timeout",
  "paused_by_user",
]);

/**
 * A WebOperator failure as an MCP tool error: the agent reads the code, a write's failure
 * stage and what to do next on our own lines; whatever may quote the page goes inside one
 * page-data marking.
 * `fromBrowser`: the message came back from the browser, where it may quote the page (a
 * covering element's name, a select's options): then the message goes inside the marking.
 * A confirmation_required is told from its `confirmation`: its id, categories, expiry and
 * how to answer are ours; its reason, target and page are the page's.
 */
export function toolErrorOf(code: string, message: string, details: ErrorDetails = {}, fromBrowser = false): CallToolResult {
  const { confirmation, stage } = details;
  const structuredContent = {
    code,
    error: message,
    ...(stage === undefined ? {} : { stage }),
    ...(confirmation === undefined ? {} : { confirmation }),
  };
  const label = `error [${code}]${stageLabel(stage)}`;
  const quotesPage = fromBrowser && !OWN_MESSAGE_CODES.has(code);
  if (confirmation !== undefined) {
    const boundary = newUntrustedBoundary();
    const text = [`${label}: ${confirmationOwnText(confirmation)}`, boundary.wrap(confirmationPageLines(confirmation).join("\n"))].join(
      "\n",
    );
    return {
      isError: true,
      content: [{ type: "text", text }],
      structuredContent: markPageStrings(structuredContent, boundary) as typeof structuredContent,
    };
  }
  if (quotesPage) {
    const boundary = newUntrustedBoundary();
    const text = `${label} (the details may quote the page):\n${boundary.wrap(message)}`;
    return {
      isError: true,
      content: [{ type: "text", text }],
      structuredContent: markPageStrings(structuredContent, boundary) as typeof structuredContent,
    };
  }
  return { isError: true, content: [{ type: "text", text: `${label}: ${message}` }], structuredContent };
}

/** The held action and how to answer it, in our words: the confirm tool by its MCP name, or the person in the side panel. */
function confirmationOwnText(confirmation: ConfirmationRequest): string {
  const tool = isCommandType(confirmation.tool) ? mcpToolName(confirmation.tool) : confirmation.tool;
  const held = `${tool} is held for the user's confirmation (${confirmation.categories.join(", ")}), id ${confirmation.id}, denied if unanswered by ${confirmation.expiresAt}.`;
  if (confirmation.answeredBy === "user")
    return `${held} Ask the user to Allow or Deny it in the WebOperator side panel; confirm is refused while they answer there.`;
  return `${held} Ask the user, then call confirm {"id":"${confirmation.id}","allow":true} to run exactly this action, or "allow":false to cancel it.`;
}

/** The reason, the target and the page it is held on; the target only where the reason does not already name it. */
function confirmationPageLines(confirmation: ConfirmationRequest): string[] {
  const target = confirmation.target === null ? null : `${confirmation.target.role} ${JSON.stringify(confirmation.target.name)}`;
  const targetLines = target === null || confirmation.reason.includes(target) ? [] : [`target: ${target}`];
  return [`reason: ${confirmation.reason}`, ...targetLines, `url: ${confirmation.url}`];
}
