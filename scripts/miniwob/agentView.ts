import type { WebOperatorClient } from "../../agent-client/client.js";
import { COMMANDS, WebOperatorError, type CommandPayloadInput, type CommandResult, type CommandType } from "../../protocol/index.js";

/** One printed snapshot line, parsed the way a person scripting against our snapshot would read it. */
export interface SnapshotLine {
  /** Leading spaces: the tree depth times two. */
  indent: number;
  role: string;
  /** The quoted name, unescaped; "" when the line has none. */
  name: string;
  /** Whatever follows the name: states, values, text after a colon. */
  rest: string;
  ref: string | null;
  raw: string;
}

const LINE = /^(\s*)- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/;

export function parseSnapshot(text: string): SnapshotLine[] {
  return text.split("\n").flatMap((raw) => {
    const match = LINE.exec(raw);
    if (match === null) return [];
    const rest = match[4] ?? "";
    return [
      {
        indent: match[1]?.length ?? 0,
        role: match[2] ?? "",
        name: (match[3] ?? "").replace(/\\(.)/g, "$1"),
        rest,
        ref: /\[ref=([^\]]+)\]/.exec(rest)?.[1] ?? null,
        raw,
      },
    ];
  });
}

/** The page's text as our snapshot prints it: names, and text after a line's colon. */
export function lineText(line: SnapshotLine): string {
  const after = /:\s*(.*)$/.exec(line.rest.replace(/\[[^\]]*\]/g, ""))?.[1] ?? "";
  return [line.name, after].filter((part) => part !== "").join(" ");
}

/** The subtree under `line` (the lines indented deeper that follow it). */
export function childrenOf(lines: readonly SnapshotLine[], line: SnapshotLine): SnapshotLine[] {
  const start = lines.indexOf(line);
  const children: SnapshotLine[] = [];
  for (const next of lines.slice(start + 1)) {
    if (next.indent <= line.indent) break;
    children.push(next);
  }
  return children;
}

/** Why a solver could not go on: what it looked for in what our protocol returned. */
export class SolverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SolverError";
  }
}

/** What a solver works with: the socket client, and reading helpers over the snapshot text it answers. */
export class AgentView {
  lines: SnapshotLine[] = [];
  text = "";

  /** What the solver had to guess (two emails from the sender it was asked about): printed with the episode if it fails. */
  readonly guesses: string[] = [];

  /** Set when the harness gave up on the episode: a solver still running must not act in the next one. */
  private cancelled = false;

  constructor(private readonly client: WebOperatorClient) {}

  /**
   * Every protocol call a solver makes goes through here. A confirmation the gatekeeper asks
   * for (a login, a form submit) is answered yes, as the agent that owns this headless
   * browser may: the bench scores tasks, and the person who set it up asked for them.
   */
  async request<T extends CommandType>(type: T, payload: CommandPayloadInput<T>): Promise<CommandResult<T>> {
    if (this.cancelled) throw new SolverError("episode_timeout", "the harness ended this episode");
    try {
      return await this.client.request(type, payload);
    } catch (error) {
      if (!(error instanceof WebOperatorError) || error.code !== "confirmation_required" || error.confirmation === undefined) throw error;
      const confirmed = await this.client.request("browser.confirm", { id: error.confirmation.id, allow: true });
      // The gated command's own result, validated as its declaration says.
      return COMMANDS[type].result.parse(confirmed.result) as CommandResult<T>;
    }
  }

  guess(what: string): void {
    this.guesses.push(what);
  }

  cancel(): void {
    this.cancelled = true;
  }

  async snapshot(): Promise<SnapshotLine[]> {
    const answer = await this.request("browser.snapshot", {});
    this.text = answer.text;
    this.lines = parseSnapshot(answer.text);
    return this.lines;
  }

  /** The first line that passes `test`, or a SolverError saying what was missing. */
  find(test: (line: SnapshotLine) => boolean, what: string, lines: readonly SnapshotLine[] = this.lines): SnapshotLine {
    const line = lines.find(test);
    if (line === undefined) throw new SolverError("not_in_snapshot", `no ${what} in the snapshot`);
    return line;
  }

  /** Snapshots again until a line passes `test` (a menu opening after a delay), about `tries` × 200 ms at most. */
  async waitForLine(test: (line: SnapshotLine) => boolean, what: string, tries = 15): Promise<SnapshotLine> {
    for (let attempt = 0; ; attempt++) {
      const line = (await this.snapshot()).find(test);
      if (line !== undefined) return line;
      if (attempt >= tries) throw new SolverError("not_in_snapshot", `no ${what} in the snapshot, even after waiting`);
      await this.request("browser.wait_for", { timeMs: 200 });
    }
  }

  refOf(line: SnapshotLine): string {
    if (line.ref === null) throw new SolverError("no_ref", `the snapshot line ${JSON.stringify(line.raw.trim())} has no ref`);
    return line.ref;
  }

  /** Clicks; a target still animating (an accordion opening) is waited for once, as the refusal says to. */
  async click(line: SnapshotLine): Promise<void> {
    const ref = this.refOf(line);
    try {
      await this.request("browser.click", { ref });
    } catch (error) {
      if (!(error instanceof WebOperatorError) || error.code !== "not_actionable" || !/keeps moving/.test(error.message)) throw error;
      await this.request("browser.wait_for", { timeMs: 600 });
      await this.request("browser.click", { ref });
    }
  }

  async type(line: SnapshotLine, text: string, submit = false): Promise<void> {
    await this.request("browser.type", { ref: this.refOf(line), text, submit });
  }

  async press(key: string, line?: SnapshotLine): Promise<void> {
    await this.request("browser.press", line === undefined ? { key } : { key, ref: this.refOf(line) });
  }
}
