import {
  PanelBridgeResultSchemas,
  PanelLocalResultSchemas,
  PanelRuntimeRequestSchema,
  errorFromUnknown,
  type PanelBridgeRequest,
  type PanelLocalRequest,
  type PanelRuntimeResponse,
} from "../../../protocol/index.js";
import type { NativeConnection } from "../nativeConnection.js";
import { gatekeeper } from "../gatekeeper/gatekeeper.js";
import { pendingConfirmations } from "../gatekeeper/pendingConfirmations.js";
import { policyStore } from "../gatekeeper/policyStore.js";
import { presenceDefault } from "../gatekeeper/presenceDefault.js";
import { notifyPanels } from "./panelNotify.js";
import { pendingBadge } from "./pendingBadge.js";

const PANEL_PAGE_PREFIX = "extension/sidepanel/";

/**
 * The side panel's one door into the extension: requests for the bridge go over the
 * native port, the gatekeeper's own questions are answered here. Only the panel page
 * may use it; content scripts share the extension id, so the sender's URL decides.
 */
export function servePanel(connection: NativeConnection): void {
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (response: PanelRuntimeResponse) => void) => {
    const parsed = PanelRuntimeRequestSchema.safeParse(message);
    if (!parsed.success) return false;
    if (sender.id !== chrome.runtime.id || sender.url?.startsWith(chrome.runtime.getURL(PANEL_PAGE_PREFIX)) !== true) return false;
    const call = parsed.data.call;
    const answered = call.to === "bridge" ? relayToBridge(connection, call.request) : answerLocally(connection, call.request);
    answered.then(
      (result) => sendResponse({ ok: true, result }),
      (error: unknown) => {
        const failure = errorFromUnknown(error);
        sendResponse({ ok: false, code: failure.code, error: failure.message });
      },
    );
    return true;
  });
}

async function relayToBridge(connection: NativeConnection, request: PanelBridgeRequest): Promise<unknown> {
  const result = PanelBridgeResultSchemas[request.action].parse(await connection.callPanel(request));
  if (request.action === "stop_all") {
    await pendingConfirmations.denyAll("was denied: the user pressed Stop all agents");
    notifyPanels("confirmations");
  }
  return result;
}

async function answerLocally(connection: NativeConnection, request: PanelLocalRequest): Promise<unknown> {
  switch (request.action) {
    case "gate_pending":
      return PanelLocalResultSchemas.gate_pending.parse({ confirmations: await pendingConfirmations.list() });
    case "gate_answer":
      return answerGate(connection, request.id, request.allow);
    case "policy":
      return {
        policy: await policyStore.current(),
        userOverrides: await policyStore.userOverrides(),
        agentOverrides: await policyStore.agentOverrides(),
        settings: await policyStore.userSettings(),
        confirmationsDefault: presenceDefault(),
      };
    case "policy_update": {
      const settings = await policyStore.updateUser(request.changes);
      return {
        policy: await policyStore.current(),
        userOverrides: await policyStore.userOverrides(),
        agentOverrides: await policyStore.agentOverrides(),
        settings,
      };
    }
  }
}

/**
 * Allow or Deny from the panel. The answer reaches the agent that asked as a
 * confirmation:answered event, with the replayed action's result or why it failed.
 */
async function answerGate(
  connection: NativeConnection,
  id: string,
  allow: boolean,
): Promise<{ id: string; allowed: boolean; error?: { code: string; message: string } }> {
  const { pending, outcome } = await gatekeeper.answerFromPanel(id, allow);
  const base = { kind: "confirmation:answered", id, tool: pending.tool, allowed: allow, requester: pending.requester };
  try {
    const { result } = await outcome;
    connection.sendEvent({ ...base, ...(result === undefined ? {} : { result }) });
    return { id, allowed: allow };
  } catch (error) {
    const failure = errorFromUnknown(error);
    const reported = { code: failure.code, message: failure.message };
    connection.sendEvent({ ...base, error: reported });
    return { id, allowed: allow, error: reported };
  } finally {
    void pendingBadge.refresh();
  }
}
