import type { BridgeCommandHandlers, AgentSession } from "../commandContext.js";
import type { ExtensionLink } from "../extensionLink.js";
import { assertAgentMayConfirm } from "../panel/confirmationsMode.js";
import type { TaskEngine } from "./taskEngine.js";

/** The tasks.* and skills.* commands, answered by the task engine. */
export function taskHandlers(engine: TaskEngine, extension: ExtensionLink): BridgeCommandHandlers {
  // A task's own calls never answer confirmations; an agent's obey the user's confirmations setting.
  const mayAnswer = async (type: "tasks.confirm" | "tasks.respond", session: AgentSession): Promise<void> => {
    if (session.agent.identity.kind !== "task") await assertAgentMayConfirm(type, extension);
  };
  const queries = engine.queries;
  return {
    // From now on this connection gets only these tasks' events; without ids, every task's again.
    "tasks.subscribe": ({ ids }, { session }) => {
      session.taskFilter = ids === undefined ? null : new Set(ids);
      return Promise.resolve({ ids: ids ?? null });
    },
    "tasks.providers": () => Promise.resolve(queries.providers()),
    "tasks.list": (payload) => Promise.resolve(queries.list(payload)),
    "tasks.get": ({ id }) => Promise.resolve(queries.get(id)),
    "tasks.start": (payload, { session }) => engine.start(payload, session.agent.identity.id, session.agent.identity.governance),
    "tasks.stop": ({ id }) => engine.stop(id),
    "tasks.pause": ({ id }) => Promise.resolve(engine.pause(id)),
    "tasks.resume": ({ id }) => Promise.resolve(engine.resume(id)),
    "tasks.confirm": async (payload, { session }) => {
      await mayAnswer("tasks.confirm", session);
      return engine.confirm(payload);
    },
    "tasks.respond": async (payload, { session }) => {
      await mayAnswer("tasks.respond", session);
      return engine.respond(payload);
    },
    "tasks.artifact": (payload) => queries.artifact(payload),
    "tasks.wait": ({ id }, { timeoutMs }) => engine.wait(id, timeoutMs),
    "skills.list": ({ limit }) => Promise.resolve(queries.skillList(limit)),
    "skills.get": ({ id }) => Promise.resolve(queries.skillGet(id)),
  };
}
