import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  WebOperatorError,
  isErrorResponse,
  type AgentRequest,
  type AgentResponse,
} from "../../protocol/index.js";
import { socketPath } from "../../bridge/config/paths.js";
import { BridgeUnreachableError, WebOperatorClient } from "../client.js";
import { cliAgentName } from "./cliAgent.js";
import { confirmationText } from "./confirmationText.js";
import { stageLabel } from "../stageLabel.js";
import { formatJson } from "./formatJson.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from "./io.js";
import type { Connection, ParsedCommand } from "./parsedCommand.js";
import { showVerbResult } from "./showVerbResult.js";

/** The bridge enforces timeoutMs itself; this margin only covers a bridge that stopped answering at all. */
const WATCHDOG_GRACE_MS = 5_000;

export async function sendOnce(connection: Connection, request: AgentRequest, env: NodeJS.ProcessEnv): Promise<AgentResponse> {
  const client = await WebOperatorClient.connect({
    socketPath: connection.socket ?? socketPath(env),
    token: connection.token,
    env,
    agent: null,
  });
  // A raw bridge.hello names its own agent; a second, different hello would be refused.
  if (request.type !== "bridge.hello") {
    await client.request("bridge.hello", { agent: cliAgentName(env) }).catch((error: unknown) => {
      // A refused token is the command's own answer to print, as its response.
      if (error instanceof WebOperatorError && error.code === "unauthorized") return;
      client.close();
      throw error;
    });
  }
  const limitMs = (request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) + WATCHDOG_GRACE_MS;
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WebOperatorError("timeout", `no answer from the bridge within ${limitMs} ms`)), limitMs);
  });
  try {
    return await Promise.race([client.send(request), watchdog]);
  } finally {
    clearTimeout(timer);
    client.close();
  }
}

export async function runBridgeCommand(command: Extract<ParsedCommand, { kind: "raw" | "verb" }>, io: CliIo): Promise<number> {
  let response: AgentResponse;
  try {
    response = await sendOnce(command.connection, command.request, io.env);
  } catch (error) {
    return reportFailure(error, io);
  }
  if (command.kind === "raw" || command.json) {
    io.out(formatJson(response, io.stdoutIsTTY));
    return isErrorResponse(response) ? EXIT_FAILED : EXIT_OK;
  }
  if (isErrorResponse(response)) {
    io.err(`error [${response.code}]${stageLabel(response.stage)}: ${response.error}\n`);
    if (response.confirmation !== undefined) io.err(confirmationText(response.confirmation));
    return EXIT_FAILED;
  }
  try {
    showVerbResult(command.verb, command.request, response.result, command.outputFile, io);
  } catch (error) {
    return reportFailure(error, io);
  }
  // `weboperator health && …` should only go on when the whole chain is up.
  if (command.verb.name === "health" && !healthIsOk(response.result)) return EXIT_FAILED;
  return EXIT_OK;
}

function healthIsOk(result: unknown): boolean {
  return typeof result === "object" && result !== null && "ok" in result && result.ok === true;
}

function reportFailure(error: unknown, io: CliIo): number {
  if (error instanceof BridgeUnreachableError) {
    io.err(`${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof WebOperatorError) {
    io.err(`error [${error.code}]${stageLabel(error.stage)}: ${error.message}\n`);
    if (error.confirmation !== undefined) io.err(confirmationText(error.confirmation));
    return EXIT_FAILED;
  }
  io.err(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILED;
}
