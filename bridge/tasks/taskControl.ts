import { WebOperatorError, type TaskStatus } from "../../protocol/index.js";
import type { PersonAnswer } from "./asksAndWaitsStore.js";

/** Why a task's signal was aborted: the status it ends in. */
export type EndReason = "stopped" | "timed_out" | "max_steps";

export class TaskEndedError extends Error {
  constructor(readonly reason: EndReason) {
    super(
      reason === "stopped"
        ? "The task was stopped."
        : reason === "timed_out"
          ? "The task ran out of time."
          : "The task used up its maxSteps.",
    );
    this.name = "TaskEndedError";
  }
}

/**
 * The live controls of one running task: its abort signal (stop, timeout), the pause
 * gate steps wait on, and the one confirmation or person ask it may be waiting for.
 */
export class TaskControl {
  readonly abort = new AbortController();
  endReason: EndReason | null = null;
  pauseRequested = false;
  private resumeWaiters: Array<() => void> = [];
  private confirmationWaiter: { id: string; settle: (allowed: boolean) => void } | null = null;
  private personAskWaiter: { id: string; settle: (answer: PersonAnswer | null) => void } | null = null;
  /** Epoch ms at which this run's timeoutMs ends it. */
  deadline = Number.POSITIVE_INFINITY;
  /** The status to go back to when a pause or confirmation ends. */
  status: TaskStatus = "running";

  end(reason: EndReason): void {
    if (this.endReason !== null) return;
    this.endReason = reason;
    this.abort.abort(new TaskEndedError(reason));
    this.releasePause();
    this.confirmationWaiter?.settle(false);
    this.personAskWaiter?.settle(null);
  }

  throwIfEnded(): void {
    if (this.endReason !== null) throw new TaskEndedError(this.endReason);
  }

  /** Resolves when the task may go on (not paused), or throws if it ended meanwhile. */
  async passGate(onPaused: () => void): Promise<void> {
    this.throwIfEnded();
    if (!this.pauseRequested) return;
    onPaused();
    await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
    this.throwIfEnded();
  }

  releasePause(): void {
    this.pauseRequested = false;
    const waiters = this.resumeWaiters;
    this.resumeWaiters = [];
    for (const resume of waiters) resume();
  }

  /** Waits for tasks.confirm on `id`, or `timeoutMs`, or the task's end (all but an allow are denials). */
  awaitConfirmation(id: string, timeoutMs: number): Promise<"allowed" | "denied" | "expired"> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.confirmationWaiter = null;
        resolve("expired");
      }, timeoutMs);
      this.confirmationWaiter = {
        id,
        settle: (allowed) => {
          clearTimeout(timer);
          this.confirmationWaiter = null;
          resolve(allowed ? "allowed" : "denied");
        },
      };
    });
  }

  answerConfirmation(id: string, allowed: boolean): void {
    if (this.confirmationWaiter?.id !== id) {
      throw new WebOperatorError("invalid_state", `Confirmation ${id} is no longer waiting for an answer.`);
    }
    this.confirmationWaiter.settle(allowed);
  }

  /** Waits for tasks.respond on `id`, with no bound but the task's own (its end answers null). */
  awaitPersonAnswer(id: string): Promise<PersonAnswer | null> {
    if (this.endReason !== null) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.personAskWaiter = {
        id,
        settle: (answer) => {
          this.personAskWaiter = null;
          resolve(answer);
        },
      };
    });
  }

  /** Whether the running task waits on this ask now (else the answer is only stored). */
  awaitsPersonAnswer(id: string): boolean {
    return this.personAskWaiter?.id === id;
  }

  answerPersonAsk(id: string, answer: PersonAnswer): void {
    if (this.personAskWaiter?.id !== id) throw new WebOperatorError("invalid_state", `The ask ${id} is no longer waiting for an answer.`);
    this.personAskWaiter.settle(answer);
  }
}
