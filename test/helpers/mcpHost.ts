import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/**
 * An MCP host as Claude Code runs one: the MCP SDK's own client spawning `weboperator mcp`
 * over stdio, with the socket and token found from the environment and the token file,
 * exactly as for the CLI. Each host is an agent of its own.
 */
export async function connectMcpHost(session: WebOperatorSession, name = "weboperator-e2e"): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(projectRoot(), "bin", "weboperator.js"), "mcp"],
      env: { PATH: process.env.PATH ?? "", WEBOPERATOR_AGENT_SOCKET: session.launched.socket, WEBOPERATOR_CONFIG_DIR: session.launched.configDir },
      stderr: "pipe",
    }),
  );
  return client;
}
