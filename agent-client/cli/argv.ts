import { parseArgs } from "node:util";
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
  governance: "value",
  structured: "switch",
  "first-look": "value",
  purge: "switch",
} as const satisfies FlagTable;

export const GLOBAL_FLAGS: readonly string[] = Object.keys(GLOBAL_FLAG_KINDS);

export type FlagValues = Partial<Record<string, string | true>>;

export interface SplitArgv {
  positionals: string[];
  flags: FlagValues;
  /** Every value a repeated flag was given, in order (`--labels a --labels b`). */
  lists: Partial<Record<string, string[]>>;
}

const SHORT_FLAGS: Readonly<Record<string, string>> = { help: "h", output: "o" };

/** One argument as the CLI reads it, after node:util's parseArgs has split it. */
type ArgToken =
  { kind: "positional"; value: string } | { kind: "end" } | { kind: "option"; arg: string; name: string; value: string | undefined };

/**
 * parseArgs does the splitting (`--name value`, `--name=value`, `-o value`, a lone `--`);
 * what it cannot be told is kept here: a negative number is text, not a run of short
 * options, and a short option stands alone (`-h`, `-o file`, `-o=file`).
 */
function argTokens(argv: readonly string[], table: FlagTable): ArgToken[] {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, kind]) => [
      name,
      {
        type: kind === "value" ? ("string" as const) : ("boolean" as const),
        ...(SHORT_FLAGS[name] === undefined ? {} : { short: SHORT_FLAGS[name] }),
      },
    ]),
  );
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const read: ArgToken[] = [];
  let lastIndex = -1;
  for (const token of tokens) {
    // A grouped `-12` comes back as one token per character, all from one argument.
    if (token.index === lastIndex) continue;
    lastIndex = token.index;
    if (token.kind === "option-terminator") read.push({ kind: "end" });
    else if (token.kind === "positional") read.push({ kind: "positional", value: token.value });
    else {
      const arg = argv[token.index] ?? "";
      if (/^-\d/.test(arg)) read.push({ kind: "positional", value: arg });
      else if (arg.startsWith("--") || /^-.(=|$)/.test(arg))
        read.push({ kind: "option", arg, name: token.name, value: inlineOrNext(token.value, arg) });
      else read.push({ kind: "option", arg, name: arg, value: undefined });
    }
  }
  return read;
}

/** `-o=file` reaches parseArgs as the short option o with the value "=file". */
function inlineOrNext(value: string | undefined, arg: string): string | undefined {
  return value !== undefined && /^-.=/.test(arg) ? value.slice(1) : value;
}

/**
 * The positionals that name the form (`snapshot`, or `tasks list`), found before the
 * form's own options are known: only global options may stand before them.
 */
export function leadingWords(argv: readonly string[], count: number): string[] {
  const words: string[] = [];
  for (const token of argTokens(argv, GLOBAL_FLAG_KINDS)) {
    if (token.kind === "end" || words.length === count) break;
    if (token.kind === "positional") words.push(token.value);
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
  for (const token of argTokens(argv, table)) {
    if (token.kind !== "option") {
      if (token.kind === "positional") positionals.push(token.value);
      continue;
    }
    const { arg, name, value } = token;
    if (!Object.hasOwn(table, name)) {
      throw new UsageError(
        form === undefined ? `unknown option ${arg}` : `${arg} is not an option of ${form}; see \`weboperator help ${form}\``,
      );
    }
    if (table[name] === "switch") {
      if (value !== undefined && value !== "true" && value !== "false") throw new UsageError(`--${name} takes no value (or =true/=false)`);
      flags[name] = value ?? true;
      continue;
    }
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
    (lists[name] ??= []).push(value);
  }
  return { positionals, flags, lists };
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
