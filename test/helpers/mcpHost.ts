import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/** How a host starts an MCP server: what `weboperator mcp config` prints. */
export interface McpHostLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** The MCP SDK's own client spawning a server over stdio, as Claude Code runs one. */
export async function connectMcpLaunch(launch: McpHostLaunch, name = "weboperator-e2e"): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      env: { PATH: process.env.PATH ?? "", ...launch.env },
      stderr: "pipe",
    }),
  );
  return client;
}

/**
 * `weboperator mcp` (with `mcpArgs`, e.g. --caps) for a session, with the socket and token
 * found from the environment and the token file, exactly as for the CLI. Each host is an
 * agent of its own.
 */
export function connectMcpHost(session: WebOperatorSession, name = "weboperator-e2e", mcpArgs: readonly string[] = []): Promise<Client> {
  return connectMcpLaunch(
    {
      command: process.execPath,
      args: [join(projectRoot(), "bin", "weboperator.js"), "mcp", ...mcpArgs],
      env: { WEBOPERATOR_AGENT_SOCKET: session.launched.socket, WEBOPERATOR_CONFIG_DIR: session.launched.configDir },
    },
    name,
  );
}
