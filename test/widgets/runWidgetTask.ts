import type { WidgetAgent, WidgetTask } from "./widgetTask.js";

/** Solved means done within this many attempts, the page reloaded between them. */
const MAX_ATTEMPTS = 3;
/** A library may commit its state a beat after the last input (a debounce, a closing animation): judging polls this long. */
const JUDGE_POLLS = 10;
const JUDGE_POLL_MS = 100;

/** How one driver plays the task's page: open it, reload it, read its library's state outside the agent's path, and give it an agent. */
export interface WidgetDriver {
  open(widget: string): Promise<void>;
  reload(widget: string): Promise<void>;
  /** `window.widgetState()` of the widget's page, read beside the agent (puppeteer or Playwright's page.evaluate). */
  state(widget: string): Promise<unknown>;
  /** The agent for one attempt; a later attempt's agent may fall back as an agent would after a failure. */
  agent(attempt: number): WidgetAgent;
}

export interface WidgetOutcome {
  widget: string;
  library: string;
  solved: boolean;
  firstTry: boolean;
  /** The attempt that left the task done, or null. */
  attempt: number | null;
  /** What each failed attempt threw or left undone, for the report. */
  failures: string[];
}

async function judged(task: WidgetTask, driver: WidgetDriver): Promise<{ done: boolean; state: unknown }> {
  let state: unknown = null;
  for (let poll = 0; poll < JUDGE_POLLS; poll++) {
    state = await driver.state(task.widget);
    if (task.done(state)) return { done: true, state };
    await new Promise((resolve) => setTimeout(resolve, JUDGE_POLL_MS));
  }
  return { done: false, state };
}

/** Plays a task up to MAX_ATTEMPTS times, judging each attempt on the library's own state. */
export async function runWidgetTask(task: WidgetTask, driver: WidgetDriver): Promise<WidgetOutcome> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      if (attempt === 1) await driver.open(task.widget);
      else await driver.reload(task.widget);
      await task.run(driver.agent(attempt), attempt);
    } catch (error) {
      failures.push(`attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      const verdict = await judged(task, driver);
      if (verdict.done) return { widget: task.widget, library: task.library, solved: true, firstTry: attempt === 1, attempt, failures };
      failures.push(`attempt ${attempt} left the state ${JSON.stringify(verdict.state)}`);
    } catch (error) {
      failures.push(`attempt ${attempt}: the state could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { widget: task.widget, library: task.library, solved: false, firstTry: false, attempt: null, failures };
}
