import {
  AgentRequestSchema,
  COMMANDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  PROTOCOL_VERSION,
  UPLINK_REQUEST_TYPE,
  WebOperatorError,
  describeZodError,
  errorFromUnknown,
  resolveCommandType,
  type AgentResponse,
  type RequestId,
} from "../protocol/index.js";
import { authorize, authRequired, type AuthPolicy } from "./auth.js";
import type { ExtensionLink } from "./extensionLink.js";
import { BRIDGE_VERSION } from "./version.js";
import { preparePayload } from "./payloadPreparers.js";

/** Per-connection facts the router reads and updates. */
export interface AgentSession {
  authenticated: boolean;
  /** The tab this agent last used: its default route when a payload names no tabId. */
  lastTabId: number | undefined;
}

export interface RouterContext {
  auth: AuthPolicy;
  extension: ExtensionLink;
  socketPath: string;
  startedAt: number;
  agentConnections: () => number;
}

export type RoutedOutcome = { response: AgentResponse } | { uplink: { id: RequestId | null } };

/**
 * Turns one decoded frame into one response: envelope validation, auth, command lookup,
 * payload validation, local bridge commands, forwarding, and result validation.
 */
export async function routeAgentFrame(value: unknown, session: AgentSession, context: RouterContext): Promise<RoutedOutcome> {
  const id = extractId(value);
  try {
    const envelope = AgentRequestSchema.safeParse(value);
    if (!envelope.success) {
      throw new WebOperatorError(
        "bad_request",
        `Malformed request: ${describeZodError(envelope.error, "request")}. Send {"id", "type", "payload", "token"}.`,
      );
    }
    const request = envelope.data;
    authorize(context.auth, request.token);
    session.authenticated = true;

    if (request.type === UPLINK_REQUEST_TYPE) return { uplink: { id } };
    const type = resolveCommandType(request.type);
    if (type === undefined) {
      throw new WebOperatorError(
        "unknown_command",
        `Unknown command "${request.type}". Known commands: ${Object.keys(COMMANDS).join(", ")}.`,
      );
    }
    const spec = COMMANDS[type];
    const payload = spec.payload.safeParse(request.payload ?? {});
    if (!payload.success) {
      throw new WebOperatorError("bad_request", `Invalid ${type} payload: ${describeZodError(payload.error, "payload")}.`);
    }
    if (spec.handledBy === "unimplemented") {
      throw new WebOperatorError(
        "not_implemented",
        `${type} is not implemented yet: the task engine has not landed. Drive the browser with browser.* commands.`,
      );
    }
    if (type === "bridge.health") return { response: { id, result: health(context) } };

    const prepared = await preparePayload(type, payload.data as Record<string, unknown>);
    const result = await context.extension.call({
      type,
      payload: prepared,
      timeoutMs: request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      ...(session.lastTabId === undefined ? {} : { defaultTabId: session.lastTabId }),
    });
    const checked = spec.result.safeParse(result);
    if (!checked.success) {
      throw new WebOperatorError("internal_error", `The extension returned a malformed ${type} result: ${describeZodError(checked.error, "result")}.`);
    }
    rememberTab(session, checked.data);
    return { response: { id, result: checked.data } };
  } catch (error) {
    const failure = errorFromUnknown(error);
    return { response: { id, error: failure.message, code: failure.code } };
  }
}

function health(context: RouterContext): unknown {
  const extension = context.extension.snapshot;
  return {
    ok: extension.connected,
    protocolVersion: PROTOCOL_VERSION,
    bridge: {
      version: BRIDGE_VERSION,
      pid: process.pid,
      socket: context.socketPath,
      uptimeMs: Date.now() - context.startedAt,
      authRequired: authRequired(context.auth),
      agentConnections: context.agentConnections(),
    },
    extension,
  };
}

/** The tab a result names becomes the agent's default route; a child tab an action opened wins (seed §3). */
function rememberTab(session: AgentSession, result: unknown): void {
  if (typeof result !== "object" || result === null) return;
  const created = "tab_created" in result ? result.tab_created : undefined;
  if (typeof created === "object" && created !== null && "tabId" in created && typeof created.tabId === "number") {
    session.lastTabId = created.tabId;
    return;
  }
  if ("tabId" in result && typeof result.tabId === "number") session.lastTabId = result.tabId;
}

function extractId(value: unknown): RequestId | null {
  if (typeof value !== "object" || value === null || !("id" in value)) return null;
  const id = value.id;
  if (typeof id === "string" && id.length > 0 && id.length <= 200) return id;
  if (typeof id === "number" && Number.isInteger(id)) return id;
  return null;
}
