import { join } from "node:path";
import { configDir } from "../config/paths.js";
import type { AgentServer } from "../agentServer.js";
import { runCommand, type RouterContext } from "../requestRouter.js";
import type { AgentSession } from "../commandContext.js";
import { logBridge } from "../log.js";
import { providerFor } from "./providers/providerFactory.js";
import { TaskEngine } from "./taskEngine.js";
import { startTraceServer, type TraceServer } from "./trace/traceServer.js";
import { PauseSwitch } from "../panel/pauseSwitch.js";
import { PanelService } from "../panel/panelService.js";
import { confirmationsMode } from "../panel/confirmationsMode.js";
import { forwardAttachmentUpload } from "./attachmentUpload.js";
import { currentPageFinder } from "./currentPage.js";
import { taskHandlers } from "./taskHandlers.js";

/**
 * Wires the task engine into a serving bridge: its browser calls go through the same
 * runCommand path as socket requests, its events through the agent server, and the
 * trace endpoint listens on 127.0.0.1.
 */
export function startTasks(
  context: Omit<RouterContext, "agentConnections">,
  agents: AgentServer,
  env: NodeJS.ProcessEnv,
): { close(): void } {
  const routed: RouterContext = { ...context, agentConnections: () => agents.agentCount };
  const dir = configDir(env);
  const pause = new PauseSwitch(join(dir, "paused-by-user"));
  // Set once the engine exists; a push before that counts no tasks.
  let waitingTasks = (): number => 0;
  const push = (changed: "tasks" | "agents" | "paused"): void => context.extension.push(changed, waitingTasks());
  context.pause = pause;
  routed.pause = pause;
  const engine = new TaskEngine({
    configDir: dir,
    env,
    providers: providerFor,
    broadcast: (event) => {
      agents.broadcast(event);
      push("tasks");
    },
    // Each task is its own agent (its tab group, its tabs); every call names its tab, so no default route is relied on.
    callTool: (type, payload, timeoutMs, caller) => {
      const session: AgentSession = {
        authenticated: true,
        agent: context.agents.task(caller.taskId, caller.parentAgentId, caller.governance),
        taskFilter: null,
      };
      if (type === "browser.upload_file" && caller.uploadGrant !== undefined)
        return forwardAttachmentUpload(payload, timeoutMs ?? 60_000, session, routed, caller.uploadGrant);
      // A task's provider builds its model's view itself: a first look would be a walk nobody reads.
      return runCommand(type, payload, timeoutMs ?? 60_000, session, routed, { firstLook: 0 });
    },
    currentPage: currentPageFinder(context.extension, context.agents),
    confirmationsMode: () => confirmationsMode(context.extension),
    taskEnded: (taskId) => context.agents.endTask(taskId),
  });
  new PanelService({ engine, pause, agents: () => agents.agents(), env }).listen(context.extension);
  waitingTasks = () => engine.waitingCount();
  pause.on("changed", () => push("paused"));
  agents.on("agents", () => push("agents"));
  // The extension re-reads the badge count whenever it connects.
  context.extension.on("connected", () => push("tasks"));
  // A watch or a schedule the last bridge left waiting goes on once the extension can show the task its tab.
  context.extension.on("connected", () => {
    for (const id of engine.resumeTimedWaits()) logBridge(`task ${id}: its watch or schedule goes on after the restart`);
  });
  if (engine.storePath === null) logBridge("task store unavailable: tasks.* will answer store_unavailable");
  context.handlers.add(taskHandlers(engine, context.extension));
  let trace: TraceServer | null = null;
  startTraceServer({ engine, auth: context.auth, configDir: dir })
    .then((server) => {
      trace = server;
      context.tracePort = () => server.port;
      logBridge(`task traces on http://127.0.0.1:${server.port}/v1/tasks/:id/trace`);
    })
    .catch((error: unknown) => logBridge(`trace endpoint not started: ${String(error)}`));
  return {
    close() {
      engine.close();
      trace?.close();
    },
  };
}
