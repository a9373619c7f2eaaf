import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { WebOperatorError, type ConfirmationsMode, type TaskEvent, type TaskStartPayload } from "../../protocol/index.js";
import { AgentGaveUpError } from "./agentGaveUp.js";
import { TaskControl, TaskEndedError } from "./taskControl.js";
import type { TaskStore } from "./taskStore.js";
import type { TaskStatusWriter } from "./taskStatus.js";
import type { TabLeases } from "./tabLeases.js";
import type { EngineToolCaller, TaskProvider } from "./taskTypes.js";
import { TaskSession } from "./taskSession.js";
import { noticeSkill } from "./skills/skillDetector.js";

/** What a task's run needs of the engine that drives it. */
export interface TaskRunHost {
  store: TaskStore;
  status: TaskStatusWriter;
  leases: TabLeases;
  configDir: string;
  callTool: EngineToolCaller;
  /** The agent that started the task in this process, if one did: the task may act in that agent's tabs. */
  parentOf: (taskId: string) => string | undefined;
  confirmationsMode: () => Promise<ConfirmationsMode>;
  /** Sends an event without storing it: for what the store itself failed at. */
  broadcast: (event: TaskEvent) => void;
  /** The run ended, however it ended: its tabs are free already. */
  ended: (taskId: string) => void;
}

/** A task this process drives: its controls, its session, and its run. */
export interface LiveTask {
  control: TaskControl;
  session: TaskSession;
  done: Promise<void>;
}

const now = (): string => new Date().toISOString();

/** Starts the one run of a stored task (new, or resumed after an interruption or a restart). */
export function launchTask(host: TaskRunHost, id: string, payload: TaskStartPayload, provider: TaskProvider, resumed: boolean): LiveTask {
  const { store } = host;
  const control = new TaskControl();
  const row = store.getTask(id);
  if (row === undefined) throw new WebOperatorError("not_found", `No task ${id}. tasks.list shows the known tasks.`);
  // Read from the store, so a task resumed after a restart is bound as it was when it started.
  const governance = store.governance.of(id);
  const session = new TaskSession({
    row,
    payload,
    store,
    control,
    callTool: (type, toolPayload, timeoutMs, uploadGrant) => {
      const parentAgentId = host.parentOf(id);
      const caller = {
        taskId: id,
        ...(parentAgentId === undefined ? {} : { parentAgentId }),
        ...(governance === undefined ? {} : { governance }),
        ...(uploadGrant === undefined ? {} : { uploadGrant }),
      };
      return host.callTool(type, toolPayload, timeoutMs, caller);
    },
    leases: host.leases,
    setStatus: (status, extra) => host.status.set(id, status, extra),
    emit: (event) => host.status.emit(event),
    readAttachmentFile: (path) => readFile(path),
    artifactsFolder: join(host.configDir, "tasks", id, "artifacts"),
    // An agent's task (or one resumed, whose starter is not known) asks again at each confirmation:
    // the user may have taken confirmations back since the task started.
    mayAutoConfirm: async () => (!resumed && host.parentOf(id) === undefined) || (await host.confirmationsMode()) !== "user",
    credentialsNeedAnswer: governance?.credentialForms === true,
  });
  const done = run(host, id, payload, provider, control, session, resumed);
  return { control, session, done };
}

async function run(
  host: TaskRunHost,
  id: string,
  payload: TaskStartPayload,
  provider: TaskProvider,
  control: TaskControl,
  session: TaskSession,
  resumed: boolean,
): Promise<void> {
  const { status } = host;
  // Let tasks.start answer before the first step runs.
  await new Promise((resolve) => setImmediate(resolve));
  control.deadline = Date.now() + payload.timeoutMs;
  const timer = setTimeout(() => control.end("timed_out"), payload.timeoutMs);
  try {
    status.set(id, "running");
    await session.openTab(resumed);
    const answer = await provider.run(session);
    control.throwIfEnded();
    // The skill first: an agent whose tasks.wait answers at the success has its skills:detected event already.
    learnSkill(host, id);
    status.finish(id, "succeeded", { answer });
  } catch (error) {
    const reason = control.endReason ?? (error instanceof TaskEndedError ? error.reason : null);
    if (reason === "stopped") status.finish(id, "stopped", { error: { code: "stopped", message: "Stopped by tasks.stop." } });
    else if (reason === "timed_out")
      status.finish(id, "timed_out", {
        error: { code: "timeout", message: `The task did not finish within its timeoutMs (${payload.timeoutMs} ms).` },
      });
    else if (reason === "max_steps")
      status.finish(id, "failed", {
        error: { code: "max_steps", message: `The task used up its maxSteps (${payload.maxSteps}) without an answer.` },
      });
    else {
      const failure =
        error instanceof WebOperatorError
          ? error
          : new WebOperatorError("internal_error", error instanceof Error ? error.message : String(error));
      status.finish(id, "failed", {
        error: { code: failure.code, message: failure.message },
        ...(failure instanceof AgentGaveUpError ? { answer: failure.answer } : {}),
      });
    }
  } finally {
    clearTimeout(timer);
    host.leases.releaseAll(id);
    host.ended(id);
  }
}

/**
 * A succeeded task whose states repeat an earlier task's becomes a skill; that is announced,
 * and never fails the task. A replay task only repeats its skill, so it learns nothing.
 */
function learnSkill(host: TaskRunHost, id: string): void {
  try {
    const row = host.store.getTask(id);
    if (row === undefined || row.provider === "replay") return;
    const skill = noticeSkill(host.store, id, row.goal, now());
    if (skill !== null) host.status.emit({ kind: "skills:detected", taskId: id, at: now(), skill });
  } catch (error) {
    host.broadcast({
      kind: "task:error",
      taskId: id,
      at: now(),
      code: "store_unavailable",
      message: `Skill detection failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
