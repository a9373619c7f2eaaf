import { COMMANDS, type CommandType } from "../../protocol/index.js";
import type { AgentSession, TaskSubscription } from "../../bridge/commandContext.js";
import { ExtensionLink } from "../../bridge/extensionLink.js";
import { taskHandlers } from "../../bridge/tasks/taskHandlers.js";
import type { TaskEngine } from "../../bridge/tasks/taskEngine.js";

/**
 * tasks.* and skills.* as the router runs them (payload parsed by its declaration, then the
 * engine's handler), for unit tests that drive an engine without a socket. The caller is a
 * task's own session, which the user's confirmations setting never stops.
 */
export function taskCommandCaller(engine: TaskEngine, subscription: TaskSubscription = { taskFilter: null }) {
  const handlers = taskHandlers(engine, new ExtensionLink());
  const session: AgentSession = Object.assign(subscription, {
    authenticated: true,
    agent: {
      identity: { id: "task:unit", name: "unit test", kind: "task" as const, color: "grey" as const },
      connections: 1,
      lastTabId: undefined,
      tabIds: [],
      since: new Date().toISOString(),
    },
  });
  return async (type: string, payload: unknown, timeoutMs = 30_000): Promise<unknown> => {
    const spec = COMMANDS[type as CommandType];
    const handler = handlers[type as CommandType] as ((payload: unknown, context: unknown) => Promise<unknown>) | undefined;
    if (handler === undefined) throw new Error(`${type} is not a task command`);
    return handler(spec.payload.parse(payload), { session, call: () => Promise.reject(new Error("no browser here")), timeoutMs });
  };
}
