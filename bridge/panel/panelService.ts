import {
  FINAL_TASK_STATUSES,
  PanelBridgeResultSchemas,
  TASK_STATUSES,
  WebOperatorError,
  errorFromUnknown,
  type PanelAgent,
  type PanelBridgeRequest,
  type PanelState,
  type TaskStatus,
  type TaskSummary,
} from "../../protocol/index.js";
import type { ExtensionLink, RelayedPanelRequest } from "../extensionLink.js";
import type { TaskEngine } from "../tasks/taskEngine.js";
import { buildTrace } from "../tasks/trace/buildTrace.js";
import { logBridge } from "../log.js";
import type { PauseSwitch } from "./pauseSwitch.js";
import { panelSteps } from "./panelTasks.js";
import { savePanelFiles } from "./attachmentsFolder.js";
import { configDir, providerSettingsFile } from "../config/paths.js";
import { writeProviderSetting } from "../config/providerSettingsFile.js";

export interface PanelServiceDeps {
  engine: TaskEngine;
  pause: PauseSwitch;
  agents: () => PanelAgent[];
  env: NodeJS.ProcessEnv;
}

const HISTORY_LIMIT = 30;
const LIVE_STATUSES = TASK_STATUSES.filter((status) => !FINAL_TASK_STATUSES.includes(status));

/**
 * Answers the side panel's requests, which the extension relays over the native port.
 * The panel is the user: it answers confirmations and stops tasks without the socket's
 * token, because only the extension (Chrome's own process) can reach this path.
 */
export class PanelService {
  constructor(private readonly deps: PanelServiceDeps) {}

  listen(extension: ExtensionLink): void {
    extension.on("panel", (relayed) => void this.answer(relayed));
  }

  private async answer({ request, answer }: RelayedPanelRequest): Promise<void> {
    try {
      const result = PanelBridgeResultSchemas[request.action].parse(await this.handle(request));
      answer({ ok: true, result });
    } catch (error) {
      const failure = errorFromUnknown(error);
      if (failure.code === "internal_error") logBridge(`panel ${request.action} failed: ${failure.message}`);
      answer({ ok: false, code: failure.code, error: failure.message });
    }
  }

  async handle(request: PanelBridgeRequest): Promise<unknown> {
    const engine = this.deps.engine;
    switch (request.action) {
      case "state":
        return this.state();
      case "tasks.get":
        return engine.queries.get(request.payload.id);
      case "tasks.stop":
        return engine.stop(request.payload.id);
      case "tasks.confirm":
        return engine.confirm(request.payload);
      case "tasks.respond":
        return engine.respond(request.payload);
      case "stop_all":
        return this.stopAll();
      case "resume_all":
        this.deps.pause.set(false);
        return { paused: false };
      case "tasks.start":
        return this.start(request);
      case "tasks.providers":
        return engine.queries.providers();
      case "tasks.artifact":
        return engine.queries.artifact(request.payload);
      case "provider_set":
        // The panel is the user, in their own browser: it may write the settings the socket can only read.
        writeProviderSetting(providerSettingsFile(configDir(this.deps.env)), request.name, request.value);
        return engine.queries.providers();
      case "trace": {
        const source = engine.queries.traceSource(request.id);
        if (source === null) throw new WebOperatorError("not_found", `No task ${request.id}.`);
        return buildTrace(source.store, source.row);
      }
    }
  }

  private state(): PanelState {
    const engine = this.deps.engine;
    const list = (statuses: readonly TaskStatus[], limit: number): TaskSummary[] =>
      engine.queries.list({ status: [...statuses], limit }).tasks;
    const live = list(LIVE_STATUSES, 50);
    const history = list(FINAL_TASK_STATUSES, HISTORY_LIMIT);
    return {
      paused: this.deps.pause.paused,
      agents: this.deps.agents(),
      live: live.map((summary) => ({
        ...summary,
        steps: panelSteps(engine.queries.traceSource(summary.id)?.store.steps(summary.id) ?? []),
      })),
      history,
      taskConfirmations: live.flatMap((summary) =>
        summary.pendingConfirmation === null ? [] : [{ ...summary.pendingConfirmation, taskId: summary.id, goal: summary.goal }],
      ),
    };
  }

  /** Pauses first, so nothing new starts while the running tasks are being stopped. */
  private async stopAll(): Promise<{ stopped: string[]; paused: true }> {
    this.deps.pause.set(true);
    const live = this.deps.engine.queries.list({ status: [...LIVE_STATUSES], limit: 500 }).tasks;
    const stopped: string[] = [];
    await Promise.all(
      live.map(async ({ id }) => {
        try {
          await this.deps.engine.stop(id);
          stopped.push(id);
        } catch (error) {
          // A task that ended on its own meanwhile has nothing left to stop.
          if (!(error instanceof WebOperatorError && error.code === "invalid_state")) throw error;
        }
      }),
    );
    return { stopped, paused: true };
  }

  private async start({ payload, files }: Extract<PanelBridgeRequest, { action: "tasks.start" }>): Promise<unknown> {
    if (this.deps.pause.paused) {
      throw new WebOperatorError("paused_by_user", "Stop all agents is on. Press Resume first, then start the task.");
    }
    const saved = await savePanelFiles(files, this.deps.env);
    const started = await this.deps.engine.start({
      ...payload,
      attachments: saved.map(({ id, name, mimeType, path }) => ({ id, name, path, ...(mimeType === "" ? {} : { mimeType }) })),
    });
    return { ...started, attachments: saved.map(({ id, name, path }) => ({ id, name, path })) };
  }
}
