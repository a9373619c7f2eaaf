import { socketPath as resolveSocketPath } from "./config/paths.js";
import { resolveToken } from "./config/token.js";
import { untrustedSocketReason } from "./config/socketTrust.js";
import { isAnswering } from "./socketOwnership.js";
import { relayToOwner } from "./relay.js";
import { logBridge } from "./log.js";
import { recordBridgePid } from "./bridgePidFile.js";
import { answerLauncherProbe } from "./launcherProbe.js";
import { servedBrowser } from "./servedBrowser.js";

async function main(): Promise<void> {
  answerLauncherProbe(process.argv);
  const env = process.env;
  recordBridgePid(env);
  servedBrowser(env);
  const path = resolveSocketPath(env);
  const { token, file } = resolveToken(env);
  // A bridge already serves the socket (this is a restarted service worker's host): relay to
  // it without loading the server, whose modules take most of a second to load.
  if ((await isAnswering(path)) && untrustedSocketReason(path) === null) {
    await becomeRelay(path, token);
    return;
  }
  const { serveAgents } = await import("./serveAgents.js");
  const outcome = await serveAgents(path, token, file, env);
  if (outcome.kind === "live-elsewhere") await becomeRelay(path, token);
}

async function becomeRelay(path: string, token: string | null): Promise<void> {
  const outcome = await relayToOwner(path, token);
  if (outcome.kind === "refused") {
    logBridge(
      `socket ${path} is already served by another WebOperator bridge, which refused this browser: ${outcome.reason}. ` +
        "Not taking it over. Give this browser profile its own socket (WEBOPERATOR_AGENT_SOCKET, or `weboperator install --socket`).",
    );
    process.exit(1);
  }
  logBridge(`relaying this browser's native port to the bridge (pid ${outcome.ownerPid}) that owns ${path}`);
  await outcome.done;
  process.exit(0);
}

// Chrome holds our stderr; once it dies, writes fail with EPIPE, which must not become an uncaught-exception loop.
process.stderr.on("error", () => undefined);
process.on("uncaughtException", (error) => logBridge(`uncaught exception (kept running): ${error.stack ?? error.message}`));
process.on("unhandledRejection", (error) => logBridge(`unhandled rejection (kept running): ${String(error)}`));

main().catch((error: unknown) => {
  logBridge(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
