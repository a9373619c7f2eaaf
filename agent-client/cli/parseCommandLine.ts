import {
  AgentRequestSchema,
  COMMANDS,
  FirstLookCharsSchema,
  MAX_REQUEST_TIMEOUT_MS,
  describeZodError,
  isCommandType,
  type AgentRequest,
} from "../../protocol/index.js";
import {
  GLOBAL_FLAGS,
  GLOBAL_FLAG_KINDS,
  SETUP_FLAG_KINDS,
  assertFlagsAllowed,
  integerFlag,
  leadingWords,
  splitArgv,
  stringFlag,
  type FlagTable,
  type FlagValues,
  type SplitArgv,
} from "./argv.js";
import { parseCaps, parseMcpClient } from "./mcpArgs.js";
import { findCommandVerb, verbFlagTable, verbSynopsis, verbWordCount, type CommandVerb } from "./commandVerbs.js";
import { coerceField } from "./payloadFields.js";
import type { Connection, ParsedCommand } from "./parsedCommand.js";
import { UsageError } from "./usageError.js";

/** Turns argv (without node and the script) into one command, or throws UsageError. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedCommand {
  const words = leadingWords(argv, 2);
  const [first] = words;
  if (first?.trimStart().startsWith("{")) return parseRawRequest(argv, first);
  const verb = first === undefined ? undefined : findCommandVerb(words);
  const table: FlagTable = { ...GLOBAL_FLAG_KINDS, ...SETUP_FLAG_KINDS, ...(verb ? verbFlagTable(verb) : {}) };
  const { positionals, flags, lists } = splitArgv(argv, table, verb?.name);
  const [, ...rest] = positionals;
  if (first === undefined || first === "help") return { kind: "help", topic: rest.join(" ") || undefined };
  if (flags.help === true) return { kind: "help", topic: verb?.name ?? first };
  switch (first) {
    case "setup":
    case "install":
      return parseInstall(first, rest, flags);
    case "uninstall":
      return parseUninstall(rest, flags);
    case "launch":
      return parseLaunch(rest, flags, env);
    case "doctor":
      return parseDoctor(rest, flags);
    case "mcp":
      return parseMcp(rest, flags);
  }
  if (!verb) throw new UsageError(`unknown command "${first}"`);
  return parseVerb(verb, positionals.slice(verbWordCount(verb)), flags, lists);
}

function connectionFrom(flags: FlagValues): Connection {
  return { socket: stringFlag(flags, "socket"), token: stringFlag(flags, "token") };
}

function timeoutFrom(flags: FlagValues): number | undefined {
  const timeoutMs = integerFlag(flags, "timeout");
  if (timeoutMs !== undefined && (timeoutMs < 1 || timeoutMs > MAX_REQUEST_TIMEOUT_MS)) {
    throw new UsageError(`--timeout must be between 1 and ${MAX_REQUEST_TIMEOUT_MS} ms`);
  }
  return timeoutMs;
}

/** --tab and --timeout apply to both forms, and win over what the JSON said. */
function applyRequestFlags(request: AgentRequest, flags: FlagValues): AgentRequest {
  const tabId = integerFlag(flags, "tab");
  const timeoutMs = timeoutFrom(flags);
  const next: AgentRequest = { ...request };
  if (tabId !== undefined) next.payload = { ...(request.payload ?? {}), tabId };
  if (timeoutMs !== undefined) next.timeoutMs = timeoutMs;
  return next;
}

/**
 * Known commands are checked here too, so a typo costs a usage message rather than a
 * round trip; unknown types go through untouched for the bridge to judge.
 */
function assertPayloadValid(request: AgentRequest): void {
  if (!isCommandType(request.type)) return;
  const parsed = COMMANDS[request.type].payload.safeParse(request.payload ?? {});
  if (!parsed.success) throw new UsageError(`${request.type}: ${describeZodError(parsed.error, "payload")}`);
}

function parseRawRequest(argv: readonly string[], text: string): ParsedCommand {
  const { positionals, flags } = splitArgv(argv, GLOBAL_FLAG_KINDS, "a JSON request");
  if (positionals.length > 1) throw new UsageError(`unexpected argument after the JSON request: "${positionals[1]}"`);
  assertFlagsAllowed(flags, ["socket", "token", "tab", "timeout", "json"], "a JSON request");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the request is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = AgentRequestSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`the request is not a WebOperator request: ${describeZodError(parsed.error, "request")}`);
  // A raw request goes to the bridge as written: scripts get the bridge's JSON answer
  // (bad_request with the field named) on stdout, like any other response.
  const request = applyRequestFlags(parsed.data, flags);
  return { kind: "raw", request, connection: connectionFrom(flags) };
}

function parseVerb(verb: CommandVerb, args: readonly string[], flags: FlagValues, lists: SplitArgv["lists"]): ParsedCommand {
  // The bridge answers its own commands; there is no tab to name.
  const globals = verb.type.startsWith("browser.") ? GLOBAL_FLAGS : GLOBAL_FLAGS.filter((flag) => flag !== "tab");
  assertFlagsAllowed(flags, [...globals, ...verb.flags.map((flag) => flag.flag)], verb.name);
  const required = verb.positionals.filter((field) => field.required).length;
  if (args.length < required || args.length > verb.positionals.length) {
    throw new UsageError(`wrong number of arguments for ${verb.name}; usage: weboperator ${verbSynopsis(verb, true)}`);
  }
  // Flags and positionals below overwrite these, so `confirm ID --deny` still denies.
  const payload: Record<string, unknown> = { ...verb.spec.cli.defaults };
  verb.positionals.forEach((field, index) => {
    const text = args[index];
    if (text !== undefined) payload[field.name] = coerceField(field, [text], placeholderOf(field));
  });
  for (const flag of verb.flags) {
    const value = flags[flag.flag];
    if (value === undefined) continue;
    if (flag.sets) Object.assign(payload, flag.sets);
    else if (flag.field)
      payload[flag.field.name] = value === true ? true : coerceField(flag.field, lists[flag.flag] ?? [value], `--${flag.flag}`);
  }
  const request = applyRequestFlags({ type: verb.type, payload }, flags);
  assertPayloadValid(request);
  return {
    kind: "verb",
    verb,
    request,
    json: flags.json === true,
    outputFile: stringFlag(flags, "output"),
    connection: connectionFrom(flags),
  };
}

function placeholderOf(field: { name: string }): string {
  return field.name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
}

function noPositionals(form: string, args: readonly string[]): void {
  if (args.length > 0) throw new UsageError(`${form} takes no arguments, got "${args[0]}"`);
}

/** `setup`, and `install`, its older name. */
function parseInstall(name: "setup" | "install", args: readonly string[], flags: FlagValues): ParsedCommand {
  noPositionals(name, args);
  assertFlagsAllowed(flags, ["user-data-dir", "browser", "socket", "config-dir"], name);
  const userDataDir = stringFlag(flags, "user-data-dir");
  const browser = stringFlag(flags, "browser");
  if (userDataDir !== undefined && browser !== undefined) {
    throw new UsageError("--user-data-dir and --browser contradict each other: a profile of its own needs no browser's folder");
  }
  return {
    kind: "install",
    verb: name,
    userDataDir,
    browser,
    socket: stringFlag(flags, "socket"),
    configDir: stringFlag(flags, "config-dir"),
  };
}

function parseUninstall(args: readonly string[], flags: FlagValues): ParsedCommand {
  noPositionals("uninstall", args);
  assertFlagsAllowed(flags, ["user-data-dir", "config-dir", "purge"], "uninstall");
  return {
    kind: "uninstall",
    userDataDir: stringFlag(flags, "user-data-dir"),
    configDir: stringFlag(flags, "config-dir"),
    purge: flags.purge === true,
  };
}

/** Without a display Chrome cannot open a window, so headless is the only default that works. */
export function defaultHeadless(env: NodeJS.ProcessEnv): boolean {
  return !env.DISPLAY && !env.WAYLAND_DISPLAY;
}

function parseLaunch(args: readonly string[], flags: FlagValues, env: NodeJS.ProcessEnv): ParsedCommand {
  noPositionals("launch", args);
  assertFlagsAllowed(flags, ["headless", "headed", "user-data-dir", "socket", "config-dir", "browser"], "launch");
  if (flags.headless === true && flags.headed === true) throw new UsageError("--headless and --headed contradict each other");
  const headless = flags.headless === true ? true : flags.headed === true ? false : defaultHeadless(env);
  return {
    kind: "launch",
    headless,
    userDataDir: stringFlag(flags, "user-data-dir"),
    socket: stringFlag(flags, "socket"),
    configDir: stringFlag(flags, "config-dir"),
    browser: stringFlag(flags, "browser"),
  };
}

function parseDoctor(args: readonly string[], flags: FlagValues): ParsedCommand {
  noPositionals("doctor", args);
  assertFlagsAllowed(flags, ["user-data-dir", "config-dir", "socket", "token"], "doctor");
  return {
    kind: "doctor",
    userDataDir: stringFlag(flags, "user-data-dir"),
    configDir: stringFlag(flags, "config-dir"),
    connection: connectionFrom(flags),
  };
}

function parseMcp(args: readonly string[], flags: FlagValues): ParsedCommand {
  const caps = parseCaps(stringFlag(flags, "caps"));
  const governance = stringFlag(flags, "governance");
  const structured = flags.structured === true;
  if (args[0] === "config") {
    noPositionals("mcp config", args.slice(1));
    assertFlagsAllowed(flags, ["client", "caps", "socket", "config-dir", "governance", "structured"], "mcp config");
    return {
      kind: "mcp-config",
      client: parseMcpClient(stringFlag(flags, "client")),
      caps,
      structured,
      socket: stringFlag(flags, "socket"),
      configDir: stringFlag(flags, "config-dir"),
      ...(governance === undefined ? {} : { governance }),
    };
  }
  noPositionals("mcp", args);
  assertFlagsAllowed(flags, ["socket", "token", "caps", "governance", "structured", "first-look"], "mcp");
  const firstLook = firstLookFrom(flags);
  return {
    kind: "mcp",
    connection: connectionFrom(flags),
    caps,
    structured,
    ...(governance === undefined ? {} : { governance }),
    ...(firstLook === undefined ? {} : { firstLook }),
  };
}

/** `--first-look CHARS`: the size of the page a write that loads one answers with; 0 for none. */
function firstLookFrom(flags: FlagValues): number | undefined {
  const chars = integerFlag(flags, "first-look");
  if (chars !== undefined && !FirstLookCharsSchema.safeParse(chars).success)
    throw new UsageError(`--first-look is 0 (none) or between 500 and 100000 characters; got ${chars}`);
  return chars;
}
