import { z } from "zod";
import { TabGroupColorSchema } from "./tools/tabTools.js";
import { AgentGovernanceSchema, GovernanceDeclarationSchema } from "./governance.js";

/**
 * Agents: who a socket connection (or a task) is. Each agent has its own default route
 * (its last tab) and its own tab group; the bridge reports them in bridge.health and the
 * side panel shows them. One shape for all three: bridge.hello answers it, health lists it.
 */

/** A name an agent gives itself in bridge.hello: short, printable, safe as a tab group title. */
export const AgentNameSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/,
    "an agent name starts with a letter or digit and has only letters, digits, space, '.', '_' and '-'",
  );

/** named: said bridge.hello; anonymous: a connection that did not; task: a tasks.start run. */
export const AgentKindSchema = z.enum(["named", "anonymous", "task"]);

/** What travels with every request to the extension: the agent the request acts for. */
export const AgentIdentitySchema = z.object({
  /** "agent:<name>", "anon-<bridge>-<n>" or "task:<taskId>"; stable for the agent's life. */
  id: z.string().min(1).max(120),
  /** Shown as the tab group's title. */
  name: z.string().min(1).max(60),
  kind: AgentKindSchema,
  color: TabGroupColorSchema,
  /** A task's starting agent: the task may act in that agent's tabs (a tasks.start with its tabId). */
  parentId: z.string().min(1).max(120).optional(),
  /** The governance the agent declared (a task inherits its starting agent's); the gatekeeper enforces it. */
  governance: AgentGovernanceSchema.optional(),
});
export type AgentIdentity = z.infer<typeof AgentIdentitySchema>;

export const AgentInfoSchema = AgentIdentitySchema.extend({
  /** Open socket connections speaking for this agent (0 for a named agent between connections, or a task). */
  connections: z.number().int().nonnegative(),
  /** The agent's default route: the tab its tab-less commands go to; null before it used one. */
  lastTabId: z.number().int().nonnegative().nullable(),
  /** When the bridge first saw this agent (ISO 8601). */
  since: z.string(),
});
export type AgentInfo = z.infer<typeof AgentInfoSchema>;

export const BridgeHelloPayloadSchema = z.strictObject({
  agent: AgentNameSchema,
  /** Declares the agent's governance at once, as body.declare would. */
  governance: GovernanceDeclarationSchema.optional(),
});
export const BridgeHelloResultSchema = z.object({ agent: AgentInfoSchema });

const COLORS = TabGroupColorSchema.options;

/** The tab group colour of an agent: fixed per id, so the same agent keeps its colour across connections. */
export function agentColor(id: string): z.infer<typeof TabGroupColorSchema> {
  let hash = 2166136261;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 16777619);
  return COLORS[(hash >>> 0) % COLORS.length] ?? "grey";
}

export const namedAgentId = (name: string): string => `agent:${name}`;
export const taskAgentId = (taskId: string): string => `task:${taskId}`;
