import { authPolicyFromEnv } from "./auth.js";
import { ExtensionLink } from "./extensionLink.js";
import { AgentServer } from "./agentServer.js";
import { claimSocket, releaseSocket } from "./socketOwnership.js";
import { FrameStream } from "./frameStream.js";
import { logBridge } from "./log.js";
import { MAX_EXTENSION_TO_HOST_BYTES } from "../protocol/index.js";
import type { RouterContext } from "./requestRouter.js";
import { startTasks } from "./tasks/startTasks.js";
import { AgentRegistry } from "./agents/agentRegistry.js";
import { BridgeHandlerRegistry } from "./bridgeHandlers.js";
import { coreHandlers } from "./coreHandlers.js";
import { BROWSER_USE_HANDLERS } from "./adapters/browserUse/browserUseHandlers.js";
import { BODY_BROWSER_HANDLERS } from "./adapters/bodyBrowser/bodyHandlers.js";

/** How long a bridge with no extension keeps its socket before exiting. */
const DEFAULT_LINGER_MS = 120_000;

export type ServeOutcome = { kind: "serving" } | { kind: "live-elsewhere" };

/**
 * The bridge proper: claims the socket, serves agents, runs tasks, and speaks to the
 * extension over Chrome's stdio. Loaded only by the process that will own the socket, so a
 * host process that only relays (a restarted service worker's) starts in a fraction of the time.
 */
export async function serveAgents(path: string, token: string | null, file: string, env: NodeJS.ProcessEnv): Promise<ServeOutcome> {
  const auth = authPolicyFromEnv(token, file, env);
  const extension = new ExtensionLink();
  const registry = new AgentRegistry((agentId) => extension.releaseAgent(agentId));
  extension.liveAgents = () => registry.releasableIds();
  const handlers = new BridgeHandlerRegistry();
  const routerContext: Omit<RouterContext, "agentConnections"> = {
    auth,
    extension,
    socketPath: path,
    startedAt: Date.now(),
    agents: registry,
    handlers,
  };
  const agents = new AgentServer(routerContext);
  handlers
    .add(coreHandlers(() => ({ ...routerContext, agentConnections: () => agents.agentCount })))
    .add(BROWSER_USE_HANDLERS)
    .add(BODY_BROWSER_HANDLERS);

  const claim = await claimSocket(agents.server, path);
  if (claim.kind === "untrusted") {
    logBridge(
      `refusing ${path}: ${claim.reason}. Someone else may be listening there; set WEBOPERATOR_AGENT_SOCKET to a path in a private folder.`,
    );
    process.exit(1);
  }
  if (claim.kind === "live-elsewhere") return { kind: "live-elsewhere" };
  const tasks = startTasks(routerContext, agents, env);
  handlers.assertComplete();
  logBridge(
    `serving agents on ${path} (auth ${auth.token ? "on" : auth.allowUnauthenticated ? "OFF (development)" : "on, but no token configured"})`,
  );

  // The socket goes first: logging can throw (EPIPE once Chrome, which holds our stderr, is gone).
  const shutdown = (reason: string): void => {
    releaseSocket(path);
    tasks.close();
    logBridge(`shutting down: ${reason}`);
    agents.closeAll();
    process.exit(0);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGHUP", () => undefined);

  const lingerMs = Number(env.WEBOPERATOR_BRIDGE_LINGER_MS ?? DEFAULT_LINGER_MS);
  let lingerTimer: NodeJS.Timeout | null = null;
  const startLinger = (): void => {
    lingerTimer ??= setTimeout(() => shutdown(`no extension for ${lingerMs} ms`), lingerMs);
  };
  extension.on("connected", () => {
    if (lingerTimer) clearTimeout(lingerTimer);
    lingerTimer = null;
  });
  extension.on("disconnected", startLinger);

  if (process.stdin.isTTY) {
    logBridge("stdin is a terminal, not Chrome: waiting for an extension to reach this socket");
    startLinger();
  } else {
    extension.attach(new FrameStream(process.stdin, process.stdout, MAX_EXTENSION_TO_HOST_BYTES));
    // If Chrome never says hello (or already hung up), the linger clock still runs.
    setTimeout(() => {
      if (!extension.snapshot.connected) startLinger();
    }, 5_000).unref();
  }
  return { kind: "serving" };
}
