import { UsageError } from "./usageError.js";

/** "value" flags take the next word (or `=value`); "switch" flags take none, or `=true`/`=false`. */
export type FlagKind = "value" | "switch";
export type FlagTable = Readonly<Record<string, FlagKind>>;

/** Options every form may meet before it is known which form it is. */
export const GLOBAL_FLAG_KINDS = {
  socket: "value",
  token: "value",
  tab: "value",
  timeout: "value",
  json: "switch",
  help: "switch",
} as const satisfies FlagTable;

/** Options of the setup forms (install, launch, doctor, mcp). */
export const SETUP_FLAG_KINDS = {
  "user-data-dir": "value",
  "config-dir": "value",
  headless: "switch",
  headed: "switch",
  browser: "value",
  caps: "value",
  client: "value",
} as const satisfies FlagTable;

export const GLOBAL_FLAGS: readonly string[] = Object.keys(GLOBAL_FLAG_KINDS);

export type FlagValues = Partial<Record<string, string | true>>;

export interface SplitArgv {
  positionals: string[];
  flags: FlagValues;
  /** Every value a repeated flag was given, in order (`--labels a --labels b`). */
  lists: Partial<Record<string, string[]>>;
}

const SHORT_FLAGS: Readonly<Record<string, string>> = { h: "help", o: "output" };

function isOptionToken(token: string): boolean {
  return token.startsWith("-") && token !== "-" && !/^-\d/.test(token);
}

/**
 * The positionals that name the form (`snapshot`, or `tasks list`), found before the
 * form's own options are known: only global options may stand before them.
 */
export function leadingWords(argv: readonly string[], count: number): string[] {
  const words: string[] = [];
  for (let index = 0; index < argv.length && words.length < count; index++) {
    const token = argv[index] ?? "";
    if (token === "--") break;
    if (!isOptionToken(token)) {
      words.push(token);
      continue;
    }
    const name = token.replace(/^--?/, "");
    if (!name.includes("=") && (GLOBAL_FLAG_KINDS as FlagTable)[name] === "value") index++;
  }
  return words;
}

/**
 * Separates options from positionals wherever they appear. A lone `--` ends option
 * parsing, so text that starts with a dash can still be typed.
 */
export function splitArgv(argv: readonly string[], table: FlagTable, form?: string): SplitArgv {
  const positionals: string[] = [];
  const flags: FlagValues = {};
  const lists: Partial<Record<string, string[]>> = {};
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] ?? "";
    if (token === "--") {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!isOptionToken(token)) {
      positionals.push(token);
      continue;
    }
    const { name, inlineValue } = readFlagToken(token, table, form);
    if (table[name] === "switch") {
      if (inlineValue !== undefined && inlineValue !== "true" && inlineValue !== "false") throw new UsageError(`--${name} takes no value (or =true/=false)`);
      flags[name] = inlineValue === undefined ? true : inlineValue;
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
    (lists[name] ??= []).push(value);
  }
  return { positionals, flags, lists };
}

function readFlagToken(token: string, table: FlagTable, form: string | undefined): { name: string; inlineValue: string | undefined } {
  const long = token.startsWith("--");
  const body = token.slice(long ? 2 : 1);
  const equals = body.indexOf("=");
  const rawName = equals === -1 ? body : body.slice(0, equals);
  const inlineValue = equals === -1 ? undefined : body.slice(equals + 1);
  const name = long ? rawName : SHORT_FLAGS[rawName];
  if (name === undefined || !Object.hasOwn(table, name)) {
    throw new UsageError(form === undefined ? `unknown option ${token}` : `${token} is not an option of ${form}; see \`weboperator help ${form}\``);
  }
  return { name, inlineValue };
}

/** Rejects options that the chosen form does not take, naming the form. */
export function assertFlagsAllowed(flags: FlagValues, allowed: readonly string[], form: string): void {
  for (const name of Object.keys(flags)) {
    if (!allowed.includes(name)) throw new UsageError(`--${name} is not an option of ${form}`);
  }
}

export function stringFlag(flags: FlagValues, name: string): string | undefined {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
}

export function integerFlag(flags: FlagValues, name: string): number | undefined {
  const value = stringFlag(flags, name);
  return value === undefined ? undefined : parseNonNegativeInteger(value, `--${name}`);
}

export function parseNonNegativeInteger(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UsageError(`${what} is too large: ${text}`);
  return value;
}
