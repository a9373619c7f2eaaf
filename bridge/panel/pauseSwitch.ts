import { EventEmitter } from "node:events";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { WebOperatorError, type CommandSpec } from "../../protocol/index.js";

/**
 * The side panel's Stop all agents: while it is on, every browser.* write and tasks.start
 * answers paused_by_user, from the socket and from tasks alike, until the user resumes.
 * Reads, tasks.stop and the task views keep working so agents can see what happened.
 * With a marker file it outlives the bridge process: a bridge that crashed and came back
 * must not quietly let the agents go on.
 */
export class PauseSwitch extends EventEmitter<{ changed: [boolean] }> {
  private stopped: boolean;

  constructor(private readonly markerFile: string | null = null) {
    super();
    this.stopped = markerFile !== null && existsSync(markerFile);
  }

  get paused(): boolean {
    return this.stopped;
  }

  set(paused: boolean): void {
    if (this.stopped === paused) return;
    this.stopped = paused;
    if (this.markerFile !== null) {
      try {
        if (paused) writeFileSync(this.markerFile, `${new Date().toISOString()}\n`, { mode: 0o600 });
        else rmSync(this.markerFile, { force: true });
      } catch {
        // An unwritable config folder: the switch still holds for this process.
      }
    }
    this.emit("changed", paused);
  }

  assertAllows(type: string, spec: CommandSpec): void {
    if (!this.stopped) return;
    // Writes to pages, and starting a task (which would write); a task's own bookkeeping and the bridge's own commands go on.
    const blocked = spec.effects === "write" && (spec.handledBy === "extension" || type === "tasks.start");
    if (!blocked) return;
    throw new WebOperatorError(
      "paused_by_user",
      `The user pressed Stop all agents in the WebOperator side panel, so ${type} was not run. Reads still work; wait until the user presses Resume there, then retry.`,
    );
  }
}
