import { EventEmitter } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import {
  MAX_AGENT_FRAME_BYTES,
  MAX_EXTENSION_TO_HOST_BYTES,
  MAX_PREAUTH_FRAME_BYTES,
  type AgentResponse,
  type BridgeEvent,
  type EventEnvelope,
  type PanelAgent,
  type UplinkResultSchema,
} from "../protocol/index.js";
import type { z } from "zod";
import { FrameStream } from "./frameStream.js";
import { routeAgentFrame, type RouterContext } from "./requestRouter.js";
import type { ConnectionSession } from "./commandContext.js";
import { logBridge } from "./log.js";
import { panelAgentOf } from "./agentIdentity.js";

/**
 * How long an uplink waits for the port it replaces to close. A restarted service worker
 * reconnects in a few hundred ms, sometimes before the old port's close has reached us
 * through Chrome and the relaying process; a second browser on this socket is still refused.
 */
const PREVIOUS_PORT_CLOSE_MS = 3_000;

interface AgentConnection {
  socket: Socket;
  stream: FrameStream;
  session: ConnectionSession;
  /** Once a connection becomes an extension uplink it stops being an agent. */
  isUplink: boolean;
}

/**
 * The agents' side: a Unix socket server. Each connection is independent; a bad frame
 * on one never disturbs another, and nothing an agent sends can crash the process.
 */
export class AgentServer extends EventEmitter<{ agents: [] }> {
  private readonly connections = new Set<AgentConnection>();
  readonly server: Server;

  constructor(private readonly context: Omit<RouterContext, "agentConnections">) {
    super();
    this.server = createServer((socket) => this.accept(socket));
    this.server.on("error", (error) => logBridge(`agent server error: ${error.message}`));
    context.extension.on("event", (event) => this.broadcast(event));
  }

  get agentCount(): number {
    let count = 0;
    for (const connection of this.connections) if (!connection.isUplink) count++;
    return count;
  }

  /** Authenticated agent connections, for the side panel. */
  agents(): PanelAgent[] {
    return this.context.agents.connected().map(panelAgentOf);
  }

  broadcast(event: BridgeEvent): void {
    const envelope: EventEnvelope = { kind: "event", event };
    // A connection that subscribed to some tasks (tasks.subscribe) gets only their task events.
    const taskId = event.kind.startsWith("task:") && typeof event.taskId === "string" ? event.taskId : null;
    for (const connection of this.connections) {
      if (connection.isUplink || !connection.session.authenticated) continue;
      const filter = connection.session.taskFilter;
      if (taskId !== null && filter !== null && !filter.has(taskId)) continue;
      connection.stream.write(envelope);
    }
  }

  /** The connection no longer speaks for its agent (closed, or became the extension's uplink). */
  private leave(connection: AgentConnection): void {
    const agent = connection.session.agent;
    connection.session.agent = null;
    if (agent !== null) this.context.agents.disconnect(agent);
  }

  closeAll(): void {
    for (const connection of this.connections) connection.socket.destroy();
    this.connections.clear();
  }

  private accept(socket: Socket): void {
    const stream = new FrameStream(socket, socket, MAX_PREAUTH_FRAME_BYTES);
    const notify = (event: BridgeEvent): void => {
      stream.write({ kind: "event", event } satisfies EventEnvelope);
    };
    const connection: AgentConnection = {
      socket,
      stream,
      session: { authenticated: false, agent: null, taskFilter: null, notify },
      isUplink: false,
    };
    this.connections.add(connection);
    socket.on("error", () => undefined);
    stream.on("end", () => {
      if (this.connections.delete(connection)) this.leave(connection);
      if (connection.session.authenticated && !connection.isUplink) this.emit("agents");
    });
    stream.on("framing-lost", (error) => {
      const reply: AgentResponse = {
        id: null,
        code: "frame_too_large",
        error:
          `Frame of ${error.declaredLength} bytes exceeds this connection's ${error.limit}-byte limit ` +
          `(${MAX_PREAUTH_FRAME_BYTES} bytes until a request with a valid token; ${MAX_AGENT_FRAME_BYTES} after). ` +
          "The framing can no longer be trusted, so the connection is closed; reconnect and send smaller frames.",
      };
      stream.write(reply);
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
    stream.on("frame", (frame, receivedAt) => {
      if (connection.isUplink) return;
      if (frame.kind === "invalid") {
        stream.write({
          id: null,
          code: "bad_request",
          error: `Unreadable frame: ${frame.reason}. Each frame is a 4-byte little-endian length and UTF-8 JSON.`,
        } satisfies AgentResponse);
        return;
      }
      void this.handle(connection, frame.value, receivedAt);
    });
  }

  private async handle(connection: AgentConnection, value: unknown, receivedAt: number): Promise<void> {
    // bridge.hello replaces the agent, an action may add a tab: either changes the panel's list.
    const agentBefore = connection.session.agent;
    const tabBefore = agentBefore?.tabIds.at(-1);
    const routing = routeAgentFrame(
      value,
      connection.session,
      {
        ...this.context,
        agentConnections: () => this.agentCount,
      },
      receivedAt,
    );
    const wasAuthenticated = connection.session.authenticated;
    // Auth is decided synchronously inside routeAgentFrame: lift the small pre-auth cap now,
    // not when this (possibly long) request finishes, or a big next frame would kill the connection.
    if (connection.session.authenticated) connection.stream.setFrameLimit(MAX_AGENT_FRAME_BYTES);
    if (!wasAuthenticated && connection.session.authenticated) this.emit("agents");
    const outcome = await routing.catch((error: unknown): { response: AgentResponse } => ({
      response: { id: null, code: "internal_error", error: `bridge failure: ${String(error)}` },
    }));
    if ("response" in outcome) {
      connection.stream.write(outcome.response);
      // Its tabs changed: the panel lists each agent's tabs.
      const agentAfter = connection.session.agent;
      if (agentAfter !== agentBefore || agentAfter?.tabIds.at(-1) !== tabBefore) this.emit("agents");
      return;
    }
    void this.adoptUplink(connection, outcome.uplink.id);
  }

  private async adoptUplink(connection: AgentConnection, id: AgentResponse["id"]): Promise<void> {
    const free = await this.context.extension.waitUntilDetached(PREVIOUS_PORT_CLOSE_MS);
    if (connection.socket.destroyed) return;
    if (!free) {
      connection.stream.write({
        id,
        code: "bad_request",
        error: "This bridge already has a connected extension; a second browser needs its own WEBOPERATOR_AGENT_SOCKET.",
      } satisfies AgentResponse);
      connection.socket.end();
      return;
    }
    const result: z.infer<typeof UplinkResultSchema> = { accepted: true, ownerPid: process.pid };
    connection.stream.write({ id, result } satisfies AgentResponse);
    connection.isUplink = true;
    this.leave(connection);
    // From here on the same socket carries native-messaging frames relayed from Chrome.
    connection.stream.setFrameLimit(MAX_EXTENSION_TO_HOST_BYTES);
    connection.stream.removeAllListeners("frame");
    connection.stream.removeAllListeners("framing-lost");
    logBridge("a relaying bridge process handed over the extension's native port");
    this.context.extension.attach(connection.stream);
  }
}
