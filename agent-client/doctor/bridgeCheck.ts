import { WebOperatorError, type CommandPayloadInput, type CommandResult } from "../../protocol/index.js";
import { BridgeUnreachableError, WebOperatorClient } from "../client.js";
import { describeTokenSource, type ResolvedToken } from "../../bridge/config/token.js";
import { lstatSync, readFileSync } from "node:fs";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";
import type { BrowserContext } from "../../bridge/install/browserFolders.js";
import { servedBrowserCheck } from "./servedBrowserCheck.js";
import { versionCheck } from "./versionCheck.js";
import { BRIDGE_VERSION } from "../../bridge/version.js";

export interface BridgeProbe {
  socketPath: string;
  /** Chosen by resolveToken, as every client, the CLI and the bridge choose it. */
  token: ResolvedToken;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

type Health = CommandResult<"bridge.health">;

const START_FIX = "start Chrome with the WebOperator extension enabled (it starts the bridge), or run `weboperator launch`";

/** One request to the bridge with its own short watchdog, for a check that must not hang. */
export async function askBridge<T extends "bridge.health" | "tasks.providers">(probe: BridgeProbe, type: T): Promise<CommandResult<T>> {
  const client = await WebOperatorClient.connect({ socketPath: probe.socketPath, token: probe.token.token, env: probe.env });
  const timeoutMs = probe.timeoutMs ?? 3_000;
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WebOperatorError("timeout", `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([client.request(type, {} as CommandPayloadInput<T>, { timeoutMs }), watchdog]);
  } finally {
    clearTimeout(timer);
    client.close();
  }
}

/** Names what is wrong with the socket file itself: someone else's, stale, or simply absent. */
function unreachableSocket(error: BridgeUnreachableError, socketPath: string): DoctorCheck {
  const code = error.cause.code;
  if (code === "EUNTRUSTED") {
    const owner = socketOwner(socketPath);
    return failed(
      "bridge socket",
      `${error.cause.message.replace(/^refusing to send the token: /, "")}${owner}; the token is never sent there, since whoever owns it could read it`,
      `if it is a leftover, remove it (as root: sudo rm ${shellArg(socketPath)}); else give WebOperator a socket in a private folder: weboperator install --socket ~/.config/weboperator/bridge.sock, then restart Chrome`,
    );
  }
  if (code === "ECONNREFUSED" && isSocketFile(socketPath)) {
    return failed(
      "bridge socket",
      `stale socket: ${socketPath} exists but no bridge listens on it (a bridge that crashed or was killed left it)`,
      `rm ${shellArg(socketPath)}, then ${START_FIX} (a new bridge also removes a stale socket itself)`,
    );
  }
  return failed("bridge socket", `nothing answers at ${socketPath} (${code ?? error.cause.message})`, START_FIX);
}

function isSocketFile(path: string): boolean {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
}

function socketOwner(path: string): string {
  try {
    const uid = lstatSync(path).uid;
    const name = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((line) => line.split(":")[2] === String(uid))
      ?.split(":")[0];
    return name === undefined ? "" : ` (${name})`;
  } catch {
    return "";
  }
}

function bridgeFailure(error: unknown, socketPath: string, token: ResolvedToken): DoctorCheck {
  const name = "bridge socket";
  if (error instanceof BridgeUnreachableError) return unreachableSocket(error, socketPath);
  if (error instanceof WebOperatorError && error.code === "unauthorized") {
    return failed(
      name,
      `${socketPath} refused the token from ${describeTokenSource(token)}: ${error.message}`,
      "use the token of this bridge: --token, WEBOPERATOR_API_TOKEN, or the token file of the config dir it was installed with (--config-dir)",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return failed(name, `${socketPath} did not answer bridge.health: ${message}`, "restart Chrome so the extension starts a fresh bridge");
}

export function extensionCheck(health: Health | null): DoctorCheck {
  const name = "extension";
  if (health === null) return failed(name, "unknown: the bridge did not answer", "fix the bridge socket first");
  if (health.extension.connected) return passed(name, `connected (version ${health.extension.version ?? "unknown"})`);
  const since = health.extension.disconnectedAt ? ` since ${health.extension.disconnectedAt}` : "";
  return failed(
    name,
    `not connected to the bridge${since}`,
    "open Chrome, make sure WebOperator is enabled at chrome://extensions (reload it if it shows errors); it reconnects within seconds",
  );
}

/** The last links: does the socket answer, for which browser, and is the extension behind it. */
export async function checkBridge(probe: BridgeProbe, context: BrowserContext): Promise<DoctorCheck[]> {
  try {
    const health = await askBridge(probe, "bridge.health");
    const auth = health.bridge.authRequired ? `token from ${describeTokenSource(probe.token)} accepted` : "auth disabled";
    const bridge = passed("bridge socket", `${probe.socketPath} (bridge ${health.bridge.version}, pid ${health.bridge.pid}, ${auth})`);
    const versions = versionCheck(health, BRIDGE_VERSION);
    return [
      bridge,
      servedBrowserCheck(health.bridge.browser ?? null, context),
      extensionCheck(health),
      ...(versions === null ? [] : [versions]),
    ];
  } catch (error) {
    return [bridgeFailure(error, probe.socketPath, probe.token), extensionCheck(null)];
  }
}
