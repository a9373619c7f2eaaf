import {
  AgentRequestSchema,
  COMMANDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  UPLINK_REQUEST_TYPE,
  WebOperatorError,
  describeZodError,
  errorFromUnknown,
  HopRecorder,
  markPageText,
  resolveCommandType,
  type AgentResponse,
  type RequestId,
} from "../protocol/index.js";
import { forgetClosedTab, noteAgentTab, requesterOf } from "./agentIdentity.js";
import type { PauseSwitch } from "./panel/pauseSwitch.js";
import { authorize, type AuthPolicy } from "./auth.js";
import type { ExtensionLink } from "./extensionLink.js";
import { preparePayload } from "./payloadPreparers.js";
import type { AgentRecord, AgentSession, CommandCaller, ConnectionSession } from "./commandContext.js";
import type { AgentRegistry } from "./agents/agentRegistry.js";
import type { BridgeHandlerRegistry } from "./bridgeHandlers.js";

export interface RouterContext {
  auth: AuthPolicy;
  extension: ExtensionLink;
  socketPath: string;
  startedAt: number;
  agents: AgentRegistry;
  agentConnections: () => number;
  /** The handlers of every command the bridge answers itself (handledBy "bridge"). */
  handlers: BridgeHandlerRegistry;
  /** The trace endpoint's port once it listens. */
  tracePort?: () => number | null;
  /** The side panel's Stop all agents switch. */
  pause?: PauseSwitch;
}

export type RoutedOutcome = { response: AgentResponse } | { uplink: { id: RequestId | null } };

/**
 * Turns one decoded frame into one response: envelope validation, auth, command lookup,
 * payload validation, local bridge commands, forwarding, and result validation.
 */
export async function routeAgentFrame(
  value: unknown,
  connection: ConnectionSession,
  context: RouterContext,
  receivedAt: number = performance.now(),
): Promise<RoutedOutcome> {
  const routedAt = performance.now();
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
    connection.authenticated = true;

    if (request.type === UPLINK_REQUEST_TYPE) return { uplink: { id } };
    connection.agent ??= context.agents.anonymous();
    // The same object, now with its agent: bridge.hello replaces session.agent for later requests too.
    const session = connection as AgentSession;
    const hops = request.traceHops === true ? new HopRecorder(receivedAt) : undefined;
    hops?.mark("bridge: socket read and frame parse", routedAt);
    const result = await runCommand(
      request.type,
      request.payload ?? {},
      request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      session,
      context,
      {
        ...(hops === undefined ? {} : { hops }),
        ...(request.firstLook === undefined ? {} : { firstLook: request.firstLook }),
      },
    );
    const answer = request.markUntrusted === true ? markPageText(result) : result;
    return { response: hops === undefined ? { id, result: answer } : { id, result: answer, hops: hops.hops } };
  } catch (error) {
    const failure = errorFromUnknown(error);
    return { response: { id, error: failure.message, code: failure.code, ...failure.details } };
  }
}

/** How one request asked to be run, besides its payload. */
export interface RunOptions {
  /** A traced request's recorder. */
  hops?: HopRecorder;
  /** The agent's governance asks a person before this write (body.act below its confidence threshold). */
  escalation?: string;
  /** The request's `firstLook` option: the characters of a new document's first look, 0 for none. */
  firstLook?: number;
}

/**
 * One authorized command, from lookup to validated result. Socket requests and the task
 * engine's browser calls both come through here, so a task's call is checked exactly as
 * an agent's would be.
 */
export async function runCommand(
  requested: string,
  rawPayload: Record<string, unknown>,
  timeoutMs: number,
  session: AgentSession,
  context: RouterContext,
  options: RunOptions = {},
): Promise<unknown> {
  const { hops, escalation, firstLook } = options;
  const type = resolveCommandType(requested);
  if (type === undefined) {
    throw new WebOperatorError("unknown_command", `Unknown command "${requested}". Known commands: ${Object.keys(COMMANDS).join(", ")}.`);
  }
  const spec = COMMANDS[type];
  const payload = spec.payload.safeParse(rawPayload);
  if (!payload.success) {
    throw new WebOperatorError("bad_request", `Invalid ${type} payload: ${describeZodError(payload.error, "payload")}.`);
  }
  context.pause?.assertAllows(type, spec);
  if (spec.handledBy === "bridge") {
    const handler = context.handlers.handlerFor(type);
    if (handler === undefined)
      throw new WebOperatorError("not_implemented", `${type}: this bridge runs without the part that answers it (the task engine).`);
    // Adapters' browser calls come back through here, checked exactly as a socket request.
    const call: CommandCaller = async (inner, innerPayload) =>
      (await runCommand(inner, innerPayload, timeoutMs, session, context, escalation === undefined ? {} : { escalation })) as never;
    const escalated = (reason: string): CommandCaller => {
      return async (inner, innerPayload) =>
        (await runCommand(inner, innerPayload, timeoutMs, session, context, { escalation: reason })) as never;
    };
    const built = spec.result.safeParse(await handler(payload.data, { session, call, escalated, timeoutMs }));
    if (!built.success)
      throw new WebOperatorError("internal_error", `${type} built a malformed result: ${describeZodError(built.error, "result")}.`);
    hops?.mark("bridge: route, payload check, handler, result check");
    return built.data;
  }

  const prepared = await preparePayload(type, payload.data);
  hops?.mark("bridge: envelope, auth, route, payload check");
  const result = await context.extension.call({
    type,
    payload: prepared,
    timeoutMs,
    agent: session.agent.identity,
    requester: requesterOf(session.agent.identity),
    ...(session.agent.lastTabId === undefined ? {} : { defaultTabId: session.agent.lastTabId }),
    ...(hops === undefined ? {} : { hops }),
    ...(escalation === undefined ? {} : { escalation }),
    ...(firstLook === undefined ? {} : { firstLook }),
  });
  const checked = spec.result.safeParse(result);
  if (!checked.success) {
    throw new WebOperatorError(
      "internal_error",
      `The extension returned a malformed ${type} result: ${describeZodError(checked.error, "result")}.`,
    );
  }
  rememberTab(session.agent, checked.data);
  hops?.mark("bridge: result check");
  return checked.data;
}

/**
 * The tab a result names becomes the agent's default route; a child tab a clicked link opened
 * wins. An agent that closes its own route tab goes back to the tab it used before; a tab
 * that closes any other way stays the route, so the agent hears it closed rather than
 * landing somewhere else.
 */
function rememberTab(agent: AgentRecord, result: unknown): void {
  if (typeof result !== "object" || result === null) return;
  if ("closedTabId" in result && typeof result.closedTabId === "number") {
    forgetClosedTab(agent, result.closedTabId);
    return;
  }
  const created = "tab_created" in result ? result.tab_created : undefined;
  // Only the clicked link's own new tab becomes the route; one the page's script opened (a popup) is reported, and the agent stays.
  const follows = typeof created === "object" && created !== null && "opened_by" in created && created.opened_by === "link";
  if (follows && "tabId" in created && typeof created.tabId === "number") {
    agent.lastTabId = created.tabId;
  } else if ("tabId" in result && typeof result.tabId === "number") {
    agent.lastTabId = result.tabId;
  }
  if (agent.lastTabId !== undefined) noteAgentTab(agent, agent.lastTabId);
}

function extractId(value: unknown): RequestId | null {
  if (typeof value !== "object" || value === null || !("id" in value)) return null;
  const id = value.id;
  if (typeof id === "string" && id.length > 0 && id.length <= 200) return id;
  if (typeof id === "number" && Number.isInteger(id)) return id;
  return null;
}
