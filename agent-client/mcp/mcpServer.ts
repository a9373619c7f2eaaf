import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Readable, Writable } from "node:stream";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  BOUNDARY_INSTRUCTIONS,
  COMMANDS,
  FIRST_LOOK_CHARS,
  PolicyChangedEventSchema,
  describeZodError,
  errorFromUnknown,
  isErrorResponse,
  type CapabilityRequest,
  type GovernanceDeclaration,
} from "../../protocol/index.js";
import { BRIDGE_VERSION } from "../../bridge/version.js";
import { BridgeUnreachableError, WebOperatorClient, type ClientOptions } from "../client.js";
import { notOfferedMessage, offeredTools, toolOfferOf, type ConfirmationsSetting } from "./offeredTools.js";
import type { McpToolEntry } from "./toolCatalog.js";
import { toolResultOf } from "./toolResult.js";
import { toolErrorOf } from "./toolError.js";
import { forResultMode, type ResultMode } from "./resultMode.js";
import { detailsOf } from "./errorDetails.js";
import { withDoctorHint } from "./bridgeDownHint.js";

const INSTRUCTIONS =
  "WebOperator drives a real Chrome. Call `snapshot` to see the page as an accessibility tree with refs, " +
  "then act on refs (`click`, `type`, `select_option`, `fill_form`, ...); an action answers what changed, and `navigate` or an action that loads a new page answers that page's first look with its refs, so no snapshot is needed then. Refs are valid for the document they came from; " +
  "a stale_ref error means take a new snapshot. `screenshot` answers an image. " +
  BOUNDARY_INSTRUCTIONS;

const isConfirmTool = (tool: McpToolEntry): boolean => tool.type === "browser.confirm";

/** Listing must never wait long on a browser that is not there. */
const SETTING_TIMEOUT_MS = 3_000;

export interface McpServerOptions extends ClientOptions {
  /** The capability groups offered beyond "core" (`--caps`). */
  caps?: CapabilityRequest;
  /** `--governance`: declared (body.declare) on every connection before its first call. */
  governance?: GovernanceDeclaration;
  /** "text" unless `--structured`: see resultMode.ts for why. */
  resultMode?: ResultMode;
  /**
   * `--first-look`: the characters of the page a navigate, or a write that loads a new
   * document, answers with (FIRST_LOOK_CHARS by default; 0 for none, and navigate answers none).
   */
  firstLook?: number;
}

/**
 * An MCP server whose tools are the socket's commands, lean by default and complete with
 * --caps. It is one more agent on the bridge socket: it holds one connection, opened on the
 * first call and reopened if the bridge went away, so the server starts even before the
 * browser does and recovers by itself when the browser comes back.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: "weboperator", version: BRIDGE_VERSION },
    { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS },
  );
  const offer = toolOfferOf(options.caps ?? []);
  // A host's model pays a turn for every look it asks for: a page the call loaded comes with the answer.
  const firstLook = options.firstLook ?? FIRST_LOOK_CHARS;
  let client: Promise<WebOperatorClient> | null = null;
  let live: WebOperatorClient | null = null;
  const connected = (): Promise<WebOperatorClient> => {
    // A connection the bridge closed (it stopped, Chrome restarted) is replaced before use, so the first call after a restart works.
    if (live?.closed === true) client = live = null;
    client ??= WebOperatorClient.connect(options).then(
      async (connection) => {
        // This server is an anonymous agent: a reconnect is a new agent, bound again before its first call.
        if (options.governance !== undefined) {
          await connection.request("body.declare", { governance: options.governance }).catch((error: unknown) => {
            connection.close();
            throw error;
          });
        }
        live = connection;
        // The user may change who answers confirmations while this server runs (in the side panel).
        connection.onEvent((event) => {
          if (PolicyChangedEventSchema.safeParse(event).success) void relistIfChanged();
        });
        void relistIfChanged();
        return connection;
      },
      (error: unknown) => {
        client = null;
        throw error;
      },
    );
    return client;
  };
  const confirmationsSetting = async (): Promise<ConfirmationsSetting> => {
    try {
      const policy = await (await connected()).request("browser.policy_get", {}, { timeoutMs: SETTING_TIMEOUT_MS });
      return policy.policy.confirmations;
    } catch {
      return null;
    }
  };

  // Whether the host's last listing had `confirm`: null before the first listing.
  let listedConfirm: boolean | null = null;
  const listsConfirm = async (): Promise<boolean> =>
    offeredTools(offer, offer.everything ? null : await confirmationsSetting()).some(isConfirmTool);
  // Asked once: until the host lists again, another change adds nothing to what it will see.
  let relistAsked = false;
  /**
   * A host lists once, often before the browser runs: when a new connection finds the user's
   * confirmations setting other than that listing assumed, or the user changes it while
   * connected (policy:changed), the host is told to list again.
   */
  const relistIfChanged = async (): Promise<void> => {
    if (listedConfirm === null || offer.everything || relistAsked) return;
    if ((await listsConfirm()) === listedConfirm || relistAsked) return;
    relistAsked = true;
    await server.sendToolListChanged().catch(() => undefined);
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    relistAsked = false;
    const tools = offeredTools(offer, offer.everything ? null : await confirmationsSetting());
    listedConfirm = tools.some(isConfirmTool);
    return { tools: tools.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, annotations })) };
  });

  const callTool = async (name: string, payload: Record<string, unknown>): Promise<CallToolResult> => {
    const tool = offeredTools(offer, "agent").find((entry) => entry.name === name);
    if (tool === undefined) return toolErrorOf("unknown_command", notOfferedMessage(name));
    const parsed = COMMANDS[tool.type].payload.safeParse(payload);
    if (!parsed.success)
      return toolErrorOf("bad_request", `Invalid ${tool.name} arguments: ${describeZodError(parsed.error, "arguments")}.`);
    try {
      const connection = await connected();
      const response = await connection.send({ type: tool.type, payload, firstLook });
      if (isErrorResponse(response))
        return toolErrorOf(response.code, withDoctorHint(response.code, response.error), detailsOf(response), true);
      return toolResultOf(tool.name, response.result, COMMANDS[tool.type].trust);
    } catch (error) {
      // A closed connection is dropped so the next call reconnects (the browser may have restarted).
      client = null;
      if (error instanceof BridgeUnreachableError) return toolErrorOf("extension_disconnected", error.message);
      const failure = errorFromUnknown(error);
      return toolErrorOf(failure.code, withDoctorHint(failure.code, failure.message), failure.details, true);
    }
  };

  const resultMode = options.resultMode ?? "text";
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> =>
    forResultMode(await callTool(request.params.name, request.params.arguments ?? {}), resultMode),
  );

  server.onclose = () => {
    void client?.then(
      (connection) => connection.close(),
      () => undefined,
    );
  };
  return server;
}

/** Serves MCP over stdio until the host closes stdin (the SDK's transport does not watch for that itself). */
export async function serveMcpOverStdio(
  options: McpServerOptions,
  stdin: Readable = process.stdin,
  stdout: Writable = process.stdout,
): Promise<void> {
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
