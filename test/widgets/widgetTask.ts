/**
 * The widget suite's contract. A task is one sentence a person would give an agent ("make
 * the second word bold"), played by a scripted agent, and judged on the library's own state,
 * never on what the page shows: each widget page defines `window.widgetState()`, which
 * answers what the library itself holds (the editor's document, the select's value, the
 * list's order) as JSON.
 *
 * The same task runs against two drivers: WebOperator through the socket, and Playwright
 * through its AI snapshot and aria-ref locators, so `npm run bench:widgets` can count solved
 * and first-try widgets for both.
 */

/** What a scripted agent can do; each driver implements it with its own tools. */
export interface WidgetAgent {
  readonly driver: "weboperator" | "playwright";
  /** A fresh look at the page (the driver's snapshot text); `find` reads the latest one. */
  look(): Promise<string>;
  /** The ref of the element with this role and name in the latest look (taking one if none), frames included; throws when absent. */
  find(role: string, name: string | RegExp): Promise<string>;
  click(ref: string): Promise<void>;
  /** Types text into the element, as a person typing would; the driver's own typing tool. */
  type(ref: string, text: string): Promise<void>;
  /** Presses one key or chord ("Enter", "Control+b") in the element, or where focus is. */
  press(key: string, ref?: string): Promise<void>;
  /** Picks the option with this label in a native or ARIA select. */
  select(ref: string, option: string): Promise<void>;
  /** Drags one element onto another. */
  drag(from: string, to: string): Promise<void>;
}

export interface WidgetTask {
  /** The page, /widgets/<widget>.html. */
  widget: string;
  /** The npm package the widget comes from. */
  library: string;
  /** The task as a person would say it. */
  sentence: string;
  /**
   * The agent's try. `attempt` counts from 1; a later attempt may take what an agent would
   * try after a failure (another tool, smaller steps). A first try that leaves the task done
   * counts as "at the first try".
   */
  run(agent: WidgetAgent, attempt: number): Promise<void>;
  /** Whether the library's own state (what `window.widgetState()` answered) shows the task done. */
  done(state: unknown): boolean;
}
