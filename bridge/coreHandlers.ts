import { PROTOCOL_VERSION } from "../protocol/index.js";
import type { BridgeCommandHandlers } from "./commandContext.js";
import type { RouterContext } from "./requestRouter.js";
import { authRequired } from "./auth.js";
import { BRIDGE_VERSION } from "./version.js";
import { servedBrowser } from "./servedBrowser.js";
import { info } from "./agents/agentRegistry.js";
import { governanceAfterHello } from "./agents/agentGovernance.js";

/** bridge.health and bridge.hello: the bridge's own state, and who an agent is. */
export function coreHandlers(context: () => RouterContext): BridgeCommandHandlers {
  return {
    "bridge.health": () => {
      const routed = context();
      const extension = routed.extension.snapshot;
      return Promise.resolve({
        ok: extension.connected,
        protocolVersion: PROTOCOL_VERSION,
        bridge: {
          version: BRIDGE_VERSION,
          pid: process.pid,
          socket: routed.socketPath,
          uptimeMs: Date.now() - routed.startedAt,
          authRequired: authRequired(routed.auth),
          agentConnections: routed.agentConnections(),
          tracePort: routed.tracePort?.() ?? null,
          browser: servedBrowser(),
        },
        agents: routed.agents.list(),
        extension,
      });
    },
    "bridge.hello": (payload, { session }) => {
      // The same session object: bridge.hello replaces session.agent for later requests too.
      // Decided before the connection changes agent: a declaration WebOperator cannot enforce,
      // or a switch that would shed rules (the connection's or the named agent's), is refused.
      const agents = context().agents;
      const governance = governanceAfterHello(
        session.agent.identity.governance,
        agents.peekNamed(payload.agent)?.identity.governance,
        payload.governance,
      );
      session.agent = agents.hello(session.agent, payload.agent);
      if (governance !== undefined) session.agent.identity = { ...session.agent.identity, governance };
      return Promise.resolve({ agent: info(session.agent) });
    },
  };
}
