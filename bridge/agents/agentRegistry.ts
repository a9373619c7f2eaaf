import { randomBytes } from "node:crypto";
import {
  WebOperatorError,
  agentColor,
  namedAgentId,
  taskAgentId,
  type AgentGovernance,
  type AgentIdentity,
  type AgentInfo,
} from "../../protocol/index.js";
import type { AgentRecord } from "../commandContext.js";

/**
 * Who is speaking on the socket. Named agents (bridge.hello) outlive their connections, so
 * a CLI that reconnects per command keeps its route and its group; an anonymous agent is one
 * connection and ends with it; a task is an agent for as long as it runs. Ending an agent
 * tells the extension (onReleased) to give its tabs back.
 */
export class AgentRegistry {
  private readonly agents = new Map<string, AgentRecord>();
  /** Anonymous ids of this bridge never collide with an earlier bridge's, whose tabs the extension may still hold. */
  private readonly instance = randomBytes(3).toString("hex");
  private nextAnonymous = 1;

  constructor(private readonly onReleased: (agentId: string) => void) {}

  anonymous(): AgentRecord {
    const id = `anon-${this.instance}-${this.nextAnonymous++}`;
    return this.add({ id, name: `agent ${id.slice(5)}`, kind: "anonymous", color: agentColor(id) }, 1);
  }

  /** The named agent of that name, if it exists, without joining it. */
  peekNamed(name: string): AgentRecord | undefined {
    return this.agents.get(namedAgentId(name));
  }

  /** A connection saying bridge.hello: joins the named agent, creating it on first use. */
  named(name: string): AgentRecord {
    const id = namedAgentId(name);
    const existing = this.agents.get(id);
    if (existing !== undefined) {
      existing.connections++;
      return existing;
    }
    return this.add({ id, name, kind: "named", color: agentColor(id) }, 1);
  }

  /**
   * A task's agent; parentId is the agent that started it, whose tabs the task may use.
   * `declared`: the governance stored with the task (its starting agent's at tasks.start).
   */
  task(taskId: string, parentId: string | undefined, declared?: AgentGovernance): AgentRecord {
    const id = taskAgentId(taskId);
    const existing = this.agents.get(id);
    if (existing !== undefined) return existing;
    // A task acts for the agent that started it, so it is bound by that agent's governance.
    const governance = declared ?? (parentId === undefined ? undefined : this.agents.get(parentId)?.identity.governance);
    const identity: AgentIdentity = {
      id,
      name: `task ${taskId.replace(/^task_/, "")}`,
      kind: "task",
      color: agentColor(id),
      ...(parentId === undefined ? {} : { parentId }),
      ...(governance === undefined ? {} : { governance }),
    };
    return this.add(identity, 0);
  }

  /** A connection closed, or said hello and so stops being its anonymous agent. */
  disconnect(record: AgentRecord): void {
    record.connections = Math.max(0, record.connections - 1);
    if (record.identity.kind === "anonymous" && record.connections === 0) this.end(record.identity.id);
  }

  endTask(taskId: string): void {
    this.end(taskAgentId(taskId));
  }

  /** Switches a connection from its anonymous agent to a named one; a connection names itself once. */
  hello(current: AgentRecord, name: string): AgentRecord {
    if (current.identity.kind === "named") {
      if (current.identity.name === name) return current;
      throw new WebOperatorError(
        "invalid_state",
        `This connection already speaks for agent "${current.identity.name}"; open a new connection to speak for "${name}".`,
      );
    }
    if (current.identity.kind === "task") throw new WebOperatorError("invalid_state", "A task's calls cannot rename their agent.");
    const named = this.named(name);
    this.disconnect(current);
    return named;
  }

  /** Agents with an open connection: the side panel's "connected agents" (tasks are listed as tasks). */
  connected(): AgentRecord[] {
    return [...this.agents.values()].filter((record) => record.connections > 0);
  }

  list(): AgentInfo[] {
    return [...this.agents.values()].map((record) => info(record));
  }

  /** Anonymous and task agents alive now: the extension releases tabs of any others. */
  releasableIds(): string[] {
    return [...this.agents.values()].filter((record) => record.identity.kind !== "named").map((record) => record.identity.id);
  }

  private add(identity: AgentIdentity, connections: number): AgentRecord {
    const record: AgentRecord = { identity, connections, lastTabId: undefined, tabIds: [], since: new Date().toISOString() };
    this.agents.set(identity.id, record);
    return record;
  }

  private end(id: string): void {
    if (this.agents.delete(id)) this.onReleased(id);
  }
}

export function info(record: AgentRecord): AgentInfo {
  return { ...record.identity, connections: record.connections, lastTabId: record.lastTabId ?? null, since: record.since };
}
