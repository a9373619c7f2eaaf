import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** An MCP server as a host starts it: a command line and its environment. */
export interface McpServerLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * What listing a server's tools costs a host on every turn, counted as hosts put it into the
 * model's context: each tool's name, description and input schema, as JSON.
 */
export interface ToolListCost {
  tools: number;
  chars: number;
  /** About four characters a token, the usual rule of thumb for English and JSON. */
  approxTokens: number;
  names: string[];
}

export function costOfTools(tools: ReadonlyArray<{ name: string; description?: string; inputSchema: unknown }>): ToolListCost {
  const chars = tools.reduce(
    (sum, tool) => sum + JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).length,
    0,
  );
  return { tools: tools.length, chars, approxTokens: Math.round(chars / 4), names: tools.map((tool) => tool.name) };
}

/** Starts the server as a host would, with the MCP SDK's own stdio client. */
export async function connectStdio(launch: McpServerLaunch, name: string): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...launch.env },
      stderr: "ignore",
    }),
  );
  return client;
}

/** Starts the server, lists its tools and stops it. */
export async function measureToolListCost(launch: McpServerLaunch): Promise<ToolListCost> {
  const client = await connectStdio(launch, "weboperator-tool-list-cost");
  try {
    return costOfTools((await client.listTools()).tools);
  } finally {
    await client.close();
  }
}
