import { UsageError } from "./usageError.js";

/** Options of the task verbs; `--attach` may repeat, which the shared splitter does not allow. */
const TASK_FLAGS = {
  "start-url": "value",
  "auto-confirm": "switch",
  vision: "switch",
  attach: "list",
  model: "value",
  provider: "value",
  "timeout-ms": "value",
  "max-steps": "value",
  status: "value",
  limit: "value",
  socket: "value",
  token: "value",
  json: "switch",
  timeout: "value",
} as const;
type TaskFlag = keyof typeof TASK_FLAGS;

export interface TaskArgv {
  positionals: string[];
  values: Partial<Record<TaskFlag, string>>;
  switches: Set<TaskFlag>;
  lists: Partial<Record<TaskFlag, string[]>>;
}

export function splitTaskArgv(argv: readonly string[]): TaskArgv {
  const parsed: TaskArgv = { positionals: [], values: {}, switches: new Set(), lists: {} };
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? "";
    if (token === "--") {
      parsed.positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith("--")) {
      parsed.positionals.push(token);
      continue;
    }
    const [rawName = "", inline] = token.slice(2).split(/=(.*)/s, 2);
    if (!Object.hasOwn(TASK_FLAGS, rawName)) throw new UsageError(`unknown option ${token}`);
    const name = rawName as TaskFlag;
    const kind = TASK_FLAGS[name];
    if (kind === "switch") {
      parsed.switches.add(name);
      continue;
    }
    const value = inline ?? argv[++index];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (kind === "list") (parsed.lists[name] ??= []).push(value);
    else parsed.values[name] = value;
  }
  return parsed;
}

export function wholeNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number, got "${text}"`);
  return Number(text);
}
