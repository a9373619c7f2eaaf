import { createToolRegistry } from "./tools/index.js";
import { ensureWaker, listenForWaker } from "./offscreenWaker.js";
import { NativeConnection } from "./nativeConnection.js";
import { gatekeeper } from "./gatekeeper/gatekeeper.js";
import { onAgentTabCommitted } from "./dialogs/outsideDialogs.js";
import { forgetAgentTab } from "./dialogs/tabsAgentsActedIn.js";
import { pendingConfirmations } from "./gatekeeper/pendingConfirmations.js";
import { servePanel } from "./panel/panelRelay.js";
import { notifyPanels } from "./panel/panelNotify.js";
import { pendingBadge } from "./panel/pendingBadge.js";
import { forgetClosedTab } from "./agents/tabAdmission.js";
import { syncNetworkRules } from "./gatekeeper/networkEnforcement.js";
import { clearWriteRules } from "./gatekeeper/governedWriteRule.js";
import { clearSendHoldRules } from "./gatekeeper/sendHold.js";
import type { PolicyChangedEvent } from "../../protocol/panel/panelConfirmations.js";
import { forgetPortsWithTheirDocuments } from "./contentPorts.js";
import { listenForTabChanges } from "./tabChangeEvents.js";
import { policyStore } from "./gatekeeper/policyStore.js";

/**
 * Listeners are registered synchronously at top level so that any of these events wakes
 * a terminated worker, and waking is enough to reconnect to the bridge.
 */
const connection = new NativeConnection(gatekeeper.bind(createToolRegistry()));
const KEEPALIVE_ALARM = "weboperator-reconnect";

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === KEEPALIVE_ALARM) connection.connect();
});
chrome.runtime.onStartup.addListener(() => connection.connect());
listenForWaker(() => connection.wake());
chrome.runtime.onInstalled.addListener(() => connection.connect());
chrome.tabs.onUpdated.addListener(() => {
  if (!connection.isConnected) connection.connect();
});
forgetPortsWithTheirDocuments();
listenForTabChanges();
chrome.webNavigation.onCommitted.addListener((details) => void onAgentTabCommitted(details.tabId, details.frameId));
chrome.tabs.onRemoved.addListener((tabId) => {
  void forgetAgentTab(tabId);
  void forgetClosedTab(tabId);
});

// The side panel: the toolbar icon opens it; the badge counts what waits for the user.
servePanel(connection);
chrome.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
pendingConfirmations.onChange(() => {
  void pendingBadge.refresh();
  notifyPanels("confirmations");
});
connection.onBridgeChange((changed, waitingTasks) => {
  pendingBadge.setWaitingTasks(waitingTasks);
  notifyPanels(changed);
});
void pendingBadge.refresh();

// The user's settings change outside any command: the network rules follow them.
// Open panels redraw what they show of it, whoever changed it (the panel, an agent, another panel).
policyStore.onChange(() => {
  void syncNetworkRules();
  notifyPanels("policy");
  void announcePolicyChange();
});

/** Agents hear it too: an MCP server's tool list depends on who answers confirmations. */
async function announcePolicyChange(): Promise<void> {
  const { confirmations } = await policyStore.current();
  connection.sendEvent({ kind: "policy:changed", confirmations } satisfies PolicyChangedEvent);
}

void syncNetworkRules();
void clearWriteRules().catch(() => undefined);
void clearSendHoldRules().catch(() => undefined);
void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
ensureWaker().catch(() => undefined);
connection.connect();
