import { PANEL_MESSAGE_CHANNEL, type PanelChanged } from "../../../protocol/index.js";

/** Tells open side panels to re-read; with none open the message has no receiver, which is fine. */
export function notifyPanels(changed: PanelChanged["changed"]): void {
  const message: PanelChanged = { channel: PANEL_MESSAGE_CHANNEL, changed };
  chrome.runtime.sendMessage(message).catch(() => undefined);
}
