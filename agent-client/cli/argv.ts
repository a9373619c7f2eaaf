import { UsageError } from "./usageError.js";

/** Every option any form accepts; each form then says which of them it allows. */
const KNOWN_FLAGS = {
  socket: "value",
  token: "value",
  tab: "value",
  timeout: "value",
  json: "switch",
  help: "switch",
  "max-chars": "value",
  append: "switch",
  submit: "switch",
  ref: "value",
  from: "value",
  output: "value",
  "user-data-dir": "value",
  "config-dir": "value",
  headless: "switch",
  headed: "switch",
  browser: "value",
} as const satisfies Record<string, "value" | "switch">;

export type FlagName = keyof typeof KNOWN_FLAGS;
export type FlagValues = Partial<Record<FlagName, string | true>>;

const SHORT_FLAGS: Record<string, FlagName> = { h: "help", o: "output" };

export const GLOBAL_FLAGS: readonly FlagName[] = ["socket", "token", "tab", "timeout", "json", "help"];

export interface SplitArgv {
  positionals: string[];
  flags: FlagValues;
}

function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(KNOWN_FLAGS, name);
}

/**
 * Separates options from positionals wherever they appear. A lone `--` ends option
 * parsing, so text that starts with a dash can still be typed.
 */
export function splitArgv(argv: readonly string[]): SplitArgv {
  const positionals: string[] = [];
  const flags: FlagValues = {};
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? "";
    if (token === "--") {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-" || /^-\d/.test(token)) {
      positionals.push(token);
      continue;
    }
    const { name, inlineValue } = readFlagToken(token);
    if (KNOWN_FLAGS[name] === "switch") {
      if (inlineValue !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return { positionals, flags };
}

function readFlagToken(token: string): { name: FlagName; inlineValue: string | undefined } {
  const long = token.startsWith("--");
  const body = token.slice(long ? 2 : 1);
  const equals = body.indexOf("=");
  const rawName = equals === -1 ? body : body.slice(0, equals);
  const inlineValue = equals === -1 ? undefined : body.slice(equals + 1);
  const name = long ? rawName : SHORT_FLAGS[rawName];
  if (name === undefined || !isFlagName(name)) throw new UsageError(`unknown option ${token}`);
  return { name, inlineValue };
}

/** Rejects options that the chosen form does not take, naming the form. */
export function assertFlagsAllowed(flags: FlagValues, allowed: readonly FlagName[], form: string): void {
  for (const name of Object.keys(flags)) {
    if (!allowed.includes(name as FlagName)) throw new UsageError(`--${name} is not an option of ${form}`);
  }
}

export function stringFlag(flags: FlagValues, name: FlagName): string | undefined {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
}

export function integerFlag(flags: FlagValues, name: FlagName): number | undefined {
  const value = stringFlag(flags, name);
  return value === undefined ? undefined : parseNonNegativeInteger(value, `--${name}`);
}

export function parseNonNegativeInteger(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UsageError(`${what} is too large: ${text}`);
  return value;
}
