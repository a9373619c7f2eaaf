import type { AgentIdentity, BridgeEvent, CommandPayload, CommandPayloadInput, CommandResult, CommandType } from "../protocol/index.js";

/*
 * The types every bridge command handler and the router share. A leaf: it imports only
 * protocol/, so handlers (adapters, tasks, the bridge's own) can depend on it without the
 * router, and the router can hold a registry of handlers without importing any of them.
 */

/** One agent as the bridge tracks it; sessions hold a reference, so a route change is seen by all its connections. */
export interface AgentRecord {
  /** Replaced as a whole when the agent declares governance (bridge/agents/governance.ts). */
  identity: AgentIdentity;
  connections: number;
  /** The agent's default route: the tab its tab-less commands go to. */
  lastTabId: number | undefined;
  /** Tabs the agent acted in, most recent last (the side panel lists them). */
  readonly tabIds: number[];
  readonly since: string;
}

/** What a connection keeps for tasks.subscribe: null is every task. */
export interface TaskSubscription {
  taskFilter: Set<string> | null;
}

/** Per-connection facts the router reads and updates. */
export interface AgentSession extends TaskSubscription {
  authenticated: boolean;
  /** Sends an event to this connection alone (the &body.browser SurpriseSignal); absent for a task's own calls. */
  notify?: (event: BridgeEvent) => void;
  /** The agent this connection speaks for; its lastTabId is the default route when a payload names no tabId. */
  agent: AgentRecord;
}

/** A connection's session before its first authenticated request, which makes it an anonymous agent. */
export type ConnectionSession = Omit<AgentSession, "agent"> & { agent: AgentRecord | null };

/** A typed call of one command, through the same path (validation, routing, gatekeeper) as a socket request. */
export type CommandCaller = <T extends CommandType>(type: T, payload: CommandPayloadInput<T>) => Promise<CommandResult<T>>;

export interface BridgeCommandContext {
  session: AgentSession;
  /** Any command, through the same path socket requests take. */
  call: CommandCaller;
  /** The same path, but the gatekeeper holds every write for a person first, with this reason (governance escalation). */
  escalated: (reason: string) => CommandCaller;
  /** The request's budget, for a handler that waits (tasks.wait answers before it). */
  timeoutMs: number;
}

export type BridgeCommandHandler<T extends CommandType> = (
  payload: CommandPayload<T>,
  context: BridgeCommandContext,
) => Promise<CommandResult<T>>;
export type BridgeCommandHandlers = { [T in CommandType]?: BridgeCommandHandler<T> };
