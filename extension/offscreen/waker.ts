import { WAKE_INTERVAL_MS, WAKE_MESSAGE_KIND, type WakeMessage } from "../../protocol/wakeMessage.js";

// Outlives the service worker: when Chrome stops the worker (an update, a crash, DevTools),
// the next message starts it again, and it reconnects to the bridge as it starts.
setInterval(() => {
  const message: WakeMessage = { kind: WAKE_MESSAGE_KIND };
  chrome.runtime.sendMessage(message).catch(() => undefined);
}, WAKE_INTERVAL_MS);
