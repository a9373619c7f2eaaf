import { WebOperatorClient } from "../../agent-client/client.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/**
 * Kills the session's bridge with SIGKILL, as a crash would, and answers a client of the
 * bridge Chrome starts next, once that one serves the socket with the extension connected.
 */
export async function killBridgeAndReconnect(session: WebOperatorSession): Promise<WebOperatorClient> {
  const oldPid = (await session.client.request("bridge.health", {})).bridge.pid;
  process.kill(oldPid, "SIGKILL");
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    let candidate: WebOperatorClient | null = null;
    try {
      candidate = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: session.launched.token });
      const health = await candidate.request("bridge.health", {}, { timeoutMs: 2_000 });
      if (health.bridge.pid !== oldPid && health.extension.connected) return candidate;
    } catch {
      // The socket is not served yet, or still by the dying bridge.
    }
    candidate?.close();
  }
}
