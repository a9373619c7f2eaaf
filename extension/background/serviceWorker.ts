import { createToolRegistry } from "./tools/index.js";
import { NativeConnection } from "./nativeConnection.js";
import { gatekeeper } from "./gatekeeper/gatekeeper.js";

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
chrome.runtime.onInstalled.addListener(() => connection.connect());
chrome.tabs.onUpdated.addListener(() => {
  if (!connection.isConnected) connection.connect();
});

void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
connection.connect();
