import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * What `weboperator mcp` results carry. "text" (the default): text content only, as
 * Playwright MCP and chrome-devtools-mcp answer, because Claude Code and VS Code hand the
 * model only `structuredContent` whenever a result has it (as one JSON string), so the text
 * written for the model would never arrive. "structured" (`--structured`): for programmatic
 * clients, results carry `structuredContent` too, and it still holds the readable text.
 */
export type ResultMode = "text" | "structured";

export function forResultMode(result: CallToolResult, mode: ResultMode): CallToolResult {
  const { structuredContent, ...textOnly } = result;
  if (mode === "text" || structuredContent === undefined) return textOnly;
  // A host that forwards only the structured content still shows the model the text: a snapshot's own `text`, or the text content.
  if (typeof structuredContent.text === "string") return result;
  return { ...result, structuredContent: { ...structuredContent, text: textContentOf(result) } };
}

function textContentOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}
