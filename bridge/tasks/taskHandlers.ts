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
  return {
    "tasks.subscribe": (payload, { session }) => Promise.resolve(engine.subscribe(payload, session)),
    "tasks.providers": () => Promise.resolve(engine.providers()),
    "tasks.list": (payload) => Promise.resolve(engine.list(payload)),
    "tasks.get": ({ id }) => Promise.resolve(engine.get(id)),
    "tasks.start": (payload, { session }) => engine.startTask(payload, session.agent.identity.id, session.agent.identity.governance),
    "tasks.stop": ({ id }) => engine.stopTask(id),
    "tasks.pause": ({ id }) => Promise.resolve(engine.pauseTask(id)),
    "tasks.resume": ({ id }) => Promise.resolve(engine.resumeTask(id)),
    "tasks.confirm": async (payload, { session }) => {
      await mayAnswer("tasks.confirm", session);
      return engine.confirmTask(payload);
    },
    "tasks.respond": async (payload, { session }) => {
      await mayAnswer("tasks.respond", session);
      return engine.respondTo(payload);
    },
    "tasks.artifact": (payload) => engine.artifact(payload),
    "tasks.wait": ({ id }, { timeoutMs }) => engine.waitFor(id, timeoutMs),
    "skills.list": ({ limit }) => Promise.resolve(engine.skillList(limit)),
    "skills.get": ({ id }) => Promise.resolve(engine.skillGet(id)),
  };
}
