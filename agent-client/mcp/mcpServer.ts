import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Readable, Writable } from "node:stream";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { COMMANDS, describeZodError, errorFromUnknown, isErrorResponse } from "../../protocol/index.js";
import { BRIDGE_VERSION } from "../../bridge/version.js";
import { BridgeUnreachableError, WebOperatorClient, type ClientOptions } from "../client.js";
import { findMcpTool, mcpTools } from "./toolCatalog.js";
import { toolErrorOf, toolResultOf } from "./toolResult.js";

const INSTRUCTIONS =
  "WebOperator drives a real Chrome. Call `snapshot` to see the page as an accessibility tree with refs, " +
  "then act on refs (`click`, `type`, `select_option`, ...). Refs are valid for the document they came from; " +
  "a stale_ref error means take a new snapshot. `screenshot` answers an image.";

/**
 * An MCP server whose tools are the socket's commands. It is one more agent on the bridge
 * socket: it holds one connection, opened on the first call and reopened if the bridge
 * went away, so the server starts even before the browser does.
 */
export function createMcpServer(options: ClientOptions): Server {
  const server = new Server({ name: "weboperator", version: BRIDGE_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  let client: Promise<WebOperatorClient> | null = null;
  const connected = (): Promise<WebOperatorClient> => {
    client ??= WebOperatorClient.connect(options).catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: mcpTools().map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, annotations })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = findMcpTool(request.params.name);
    if (tool === undefined) return toolErrorOf("unknown_command", `No tool "${request.params.name}"; list the tools for the names.`);
    const payload = request.params.arguments ?? {};
    const parsed = COMMANDS[tool.type].payload.safeParse(payload);
    if (!parsed.success) return toolErrorOf("bad_request", `Invalid ${tool.name} arguments: ${describeZodError(parsed.error, "arguments")}.`);
    try {
      const connection = await connected();
      const response = await connection.send({ type: tool.type, payload });
      if (isErrorResponse(response)) return toolErrorOf(response.code, response.error, response.confirmation);
      return toolResultOf(response.result);
    } catch (error) {
      // A closed connection is dropped so the next call reconnects (the browser may have restarted).
      client = null;
      if (error instanceof BridgeUnreachableError) return toolErrorOf("extension_disconnected", error.message);
      const failure = errorFromUnknown(error);
      return toolErrorOf(failure.code, failure.message, failure.confirmation);
    }
  });

  server.onclose = () => {
    void client?.then((connection) => connection.close(), () => undefined);
  };
  return server;
}

/** Serves MCP over stdio until the host closes stdin (the SDK's transport does not watch for that itself). */
export async function serveMcpOverStdio(options: ClientOptions, stdin: Readable = process.stdin, stdout: Writable = process.stdout): Promise<void> {
  const server = createMcpServer(options);
  const closed = new Promise<void>((resolve) => {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  stdin.once("end", () => void server.close());
  await server.connect(new StdioServerTransport(stdin, stdout));
  await closed;
}
