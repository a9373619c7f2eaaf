import { basename, resolve } from "node:path";
import { createInterface } from "node:readline";
import { TaskStartPayloadSchema, WebOperatorError, describeZodError, type BridgeEvent, type TaskEvent } from "../../protocol/index.js";
import { TaskEventSchema } from "../../protocol/tasks/taskEvents.js";
import { socketPath } from "../../bridge/config/paths.js";
import { BridgeUnreachableError, WebOperatorClient } from "../client.js";
import { cliAgentName } from "./cliAgent.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from "./io.js";
import { splitTaskArgv, wholeNumber, type TaskArgv } from "./taskArgv.js";
import { UsageError } from "./usageError.js";

/** Reads one answer line (the y/n of a confirmation); tests pass their own. */
export type LineReader = (prompt: string) => Promise<string>;

export function terminalLineReader(io: CliIo): LineReader {
  return (prompt) =>
    new Promise((resolvePromise) => {
      io.err(prompt);
      const reader = createInterface({ input: process.stdin });
      reader.once("line", (line) => {
        reader.close();
        resolvePromise(line);
      });
      reader.once("close", () => resolvePromise(""));
    });
}

/**
 * `weboperator task "goal" [--start-url U] [--auto-confirm] [--attach FILE]... [--provider P] [--vision]`: starts a
 * task, prints each step as it happens, asks y/n when it waits for a confirmation, and
 * ends with the answer. Exit 0 only when the task succeeded.
 */
export async function runTaskCommand(argv: readonly string[], io: CliIo, readLine: LineReader = terminalLineReader(io)): Promise<number> {
  let args: TaskArgv;
  let payload: Record<string, unknown>;
  try {
    args = splitTaskArgv(argv);
    if (args.positionals.length !== 1)
      throw new UsageError(
        'usage: weboperator task "goal" [--start-url URL] [--auto-confirm] [--attach FILE]... [--provider claude|browser-use] [--model M] [--vision] [--timeout-ms N] [--max-steps N]',
      );
    payload = {
      goal: args.positionals[0],
      ...(args.values["start-url"] === undefined ? {} : { startUrl: args.values["start-url"] }),
      ...(args.switches.has("auto-confirm") ? { autoConfirm: true } : {}),
      ...(args.values.provider === undefined ? {} : { provider: args.values.provider }),
      ...(args.values.model === undefined ? {} : { model: args.values.model }),
      ...(args.switches.has("vision") ? { vision: true } : {}),
      ...(args.values["timeout-ms"] === undefined ? {} : { timeoutMs: wholeNumber(args.values["timeout-ms"], "--timeout-ms") }),
      ...(args.values["max-steps"] === undefined ? {} : { maxSteps: wholeNumber(args.values["max-steps"], "--max-steps") }),
      attachments: (args.lists.attach ?? []).map((file, index) => ({
        id: `a${index + 1}`,
        name: basename(file),
        path: resolve(io.cwd, file),
      })),
    };
    const checked = TaskStartPayloadSchema.safeParse(payload);
    if (!checked.success) throw new UsageError(`task: ${describeZodError(checked.error, "payload")}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`weboperator: ${error.message}\n`);
    return EXIT_USAGE;
  }
  let client: WebOperatorClient;
  try {
    client = await WebOperatorClient.connect({
      socketPath: args.values.socket ?? socketPath(io.env),
      ...(args.values.token === undefined ? {} : { token: args.values.token }),
      env: io.env,
      agent: cliAgentName(io.env),
    });
  } catch (error) {
    io.err(`weboperator: ${error instanceof BridgeUnreachableError ? error.message : String(error)}\n`);
    return EXIT_USAGE;
  }
  try {
    return await followTask(client, payload, args.switches.has("json"), io, readLine);
  } catch (error) {
    const failure = error instanceof WebOperatorError ? `error [${error.code}]: ${error.message}` : String(error);
    io.err(`${failure}\n`);
    return EXIT_FAILED;
  } finally {
    client.close();
  }
}

async function followTask(
  client: WebOperatorClient,
  payload: Record<string, unknown>,
  json: boolean,
  io: CliIo,
  readLine: LineReader,
): Promise<number> {
  // Events may arrive before tasks.start answers: keep them until the id is known.
  const early: TaskEvent[] = [];
  let taskId: string | null = null;
  let settle: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolvePromise) => (settle = resolvePromise));
  const handle = (event: TaskEvent): void => {
    if (json) io.out(`${JSON.stringify(event)}\n`);
    if (event.kind === "task:step") {
      if (!json) io.out(`[${event.step.index}] ${event.step.ok ? "ok " : "ERR"} ${event.step.action} ${event.step.summary}\n`);
      return;
    }
    if (event.kind === "task:error") {
      if (!json) io.err(`task error [${event.code}]: ${event.message}\n`);
      return;
    }
    if (event.kind === "skills:detected") {
      if (!json)
        io.err(`skill detected: ${event.skill.id} (${event.skill.steps} steps; tasks.start {skill: "${event.skill.id}"} replays it)\n`);
      return;
    }
    if (event.status === "waiting_confirmation" && event.confirmation !== undefined) {
      const c = event.confirmation;
      const what = `${c.action} on ${c.role || "element"} "${c.name}" at ${c.url} (${c.reasons})`;
      void whoAnswers(client).then((mode) => {
        // With the "user" setting the bridge refuses tasks.confirm from here: asking y/n would be a lie.
        if (mode === "user") {
          io.err(
            `waiting for the person at the browser to Allow or Deny ${what} in the WebOperator side panel (their confirmations setting is "user")\n`,
          );
          return;
        }
        void readLine(`Allow ${what}? [y/N] `).then((line) =>
          client
            .request("tasks.confirm", { id: event.taskId, allow: /^y(es)?$/i.test(line.trim()) })
            .catch((error: unknown) => io.err(`${String(error)}\n`)),
        );
      });
      return;
    }
    if (["succeeded", "failed", "stopped", "timed_out", "interrupted"].includes(event.status)) {
      if (!json) {
        if (event.answer !== undefined) io.out(`\n${event.answer}\n`);
        io.err(
          `task ${event.taskId}: ${event.status}${event.error === undefined ? "" : ` (${event.error.code}: ${event.error.message})`}\n`,
        );
      }
      settle(event.status === "succeeded" ? EXIT_OK : EXIT_FAILED);
    }
  };
  client.onEvent((raw: BridgeEvent) => {
    const event = TaskEventSchema.safeParse(raw);
    if (!event.success) return;
    if (taskId === null) early.push(event.data);
    else if (event.data.taskId === taskId) handle(event.data);
  });
  const started = await client.request("tasks.start", payload);
  taskId = started.id;
  io.err(`task ${taskId} started${started.currentTabId === null ? "" : ` on the current page (tab ${started.currentTabId})`}\n`);
  if (started.autoConfirm.requested && !started.autoConfirm.effective)
    io.err(`autoConfirm is off for this task: ${started.autoConfirm.reason ?? ""}\n`);
  await client.request("tasks.subscribe", { ids: [taskId] });
  for (const event of early.splice(0)) if (event.taskId === taskId) handle(event);
  return finished;
}

/** Who answers confirmations now (the user may change it mid-task); if the policy cannot be read, asking costs nothing. */
async function whoAnswers(client: WebOperatorClient): Promise<"agent" | "user"> {
  try {
    return (await client.request("browser.policy_get", {})).policy.confirmations;
  } catch {
    return "agent";
  }
}
