import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { connectStdio, costOfTools, type McpServerLaunch, type ToolListCost } from "./toolListCost.js";

/** How one MCP server spells "open this URL" and "show me the page". */
export interface SnapshotDialect {
  navigate(url: string, context: DialectContext): { name: string; arguments: Record<string, unknown> };
  snapshot(context: DialectContext): { name: string; arguments: Record<string, unknown> };
  /** Anything the dialect must learn first (chrome-devtools-mcp's page id). */
  prepare?(client: Client): Promise<DialectContext>;
}

export type DialectContext = Record<string, unknown>;

export const WEBOPERATOR_DIALECT: SnapshotDialect = {
  navigate: (url) => ({ name: "navigate", arguments: { url } }),
  snapshot: () => ({ name: "snapshot", arguments: {} }),
};

export const PLAYWRIGHT_DIALECT: SnapshotDialect = {
  navigate: (url) => ({ name: "browser_navigate", arguments: { url } }),
  snapshot: () => ({ name: "browser_snapshot", arguments: {} }),
};

export const DEVTOOLS_DIALECT: SnapshotDialect = {
  navigate: (url, context) => ({ name: "navigate_page", arguments: { pageId: context.pageId, type: "url", url } }),
  snapshot: (context) => ({ name: "take_snapshot", arguments: { pageId: context.pageId } }),
  async prepare(client) {
    const listed = textOf((await client.callTool({ name: "list_pages", arguments: {} })) as CallToolResult);
    const pageId = /(\d+):[^\n]*\[selected\]/.exec(listed)?.[1] ?? /^(\d+):/m.exec(listed)?.[1];
    if (pageId === undefined) throw new Error(`chrome-devtools-mcp listed no page: ${listed}`);
    return { pageId: Number(pageId) };
  },
};

export function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** One MCP server under measurement, started with the MCP SDK's own stdio client. */
export interface SnapshotDriver {
  label: string;
  toolList: ToolListCost;
  /** Opens `url` and answers the call's wall time. */
  navigate(url: string): Promise<number>;
  /** The snapshot call's wall time and the characters of text it answered. */
  snapshot(): Promise<{ ms: number; chars: number }>;
  close(): Promise<void>;
}

export async function startSnapshotDriver(label: string, launch: McpServerLaunch, dialect: SnapshotDialect): Promise<SnapshotDriver> {
  const client = await connectStdio(launch, "weboperator-bench-mcp");
  const toolList = costOfTools((await client.listTools()).tools);
  const context = (await dialect.prepare?.(client)) ?? {};
  const call = async (request: { name: string; arguments: Record<string, unknown> }): Promise<CallToolResult> => {
    const result = (await client.callTool(request, undefined, { timeout: 60_000 })) as CallToolResult;
    if (result.isError === true) throw new Error(`${label} ${request.name}: ${textOf(result).slice(0, 300)}`);
    return result;
  };
  return {
    label,
    toolList,
    async navigate(url) {
      const started = performance.now();
      await call(dialect.navigate(url, context));
      return performance.now() - started;
    },
    async snapshot() {
      const started = performance.now();
      const result = await call(dialect.snapshot(context));
      return { ms: performance.now() - started, chars: textOf(result).length };
    },
    close: () => client.close(),
  };
}
