import {
  AgentRequestSchema,
  COMMANDS,
  MAX_REQUEST_TIMEOUT_MS,
  describeZodError,
  isCommandType,
  type AgentRequest,
} from "../../protocol/index.js";
import {
  GLOBAL_FLAGS,
  assertFlagsAllowed,
  integerFlag,
  splitArgv,
  stringFlag,
  type FlagValues,
} from "./argv.js";
import { findBrowserVerb, type BrowserVerb } from "./browserVerbs.js";
import type { Connection, ParsedCommand } from "./parsedCommand.js";
import { UsageError } from "./usageError.js";

/** Turns argv (without node and the script) into one command, or throws UsageError. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedCommand {
  const { positionals, flags } = splitArgv(argv);
  const [first, ...rest] = positionals;
  if (first === undefined || first === "help") return { kind: "help", topic: rest[0] };
  if (flags.help === true) return { kind: "help", topic: first };
  if (first.trimStart().startsWith("{")) return parseRawRequest(first, rest, flags);
  switch (first) {
    case "install":
      return parseInstall(rest, flags);
    case "launch":
      return parseLaunch(rest, flags, env);
    case "doctor":
      return parseDoctor(rest, flags);
  }
  const verb = findBrowserVerb(first);
  if (!verb) throw new UsageError(`unknown command "${first}"`);
  return parseVerb(verb, rest, flags);
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

function parseRawRequest(text: string, rest: readonly string[], flags: FlagValues): ParsedCommand {
  if (rest.length > 0) throw new UsageError(`unexpected argument after the JSON request: "${rest[0]}"`);
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

function parseVerb(verb: BrowserVerb, args: readonly string[], flags: FlagValues): ParsedCommand {
  // The bridge answers health itself; there is no tab to name.
  const globals = verb.type === "bridge.health" ? GLOBAL_FLAGS.filter((flag) => flag !== "tab") : GLOBAL_FLAGS;
  assertFlagsAllowed(flags, [...globals, ...verb.flags], verb.name);
  if (args.length < verb.positionals.min || args.length > verb.positionals.max) {
    throw new UsageError(`wrong number of arguments for ${verb.name}; usage: weboperator ${verb.synopsis}`);
  }
  const request = applyRequestFlags({ type: verb.type, payload: verb.payload(args, flags) }, flags);
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

function noPositionals(form: string, args: readonly string[]): void {
  if (args.length > 0) throw new UsageError(`${form} takes no arguments, got "${args[0]}"`);
}

function parseInstall(args: readonly string[], flags: FlagValues): ParsedCommand {
  noPositionals("install", args);
  assertFlagsAllowed(flags, ["user-data-dir", "socket", "config-dir"], "install");
  return {
    kind: "install",
    userDataDir: stringFlag(flags, "user-data-dir"),
    socket: stringFlag(flags, "socket"),
    configDir: stringFlag(flags, "config-dir"),
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
    browserPath: stringFlag(flags, "browser"),
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
