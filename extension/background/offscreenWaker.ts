import { WakeMessageSchema } from "../../protocol/wakeMessage.js";

const WAKER_PATH = "extension/offscreen/waker.html";

/**
 * Registered at top level, so Chrome starts a stopped worker for the waker's message; the
 * start itself is what reconnects. The answer ends the message at once.
 */
export function listenForWaker(onWake: () => void): void {
  chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse: (response: unknown) => void) => {
    if (!WakeMessageSchema.safeParse(message).success) return false;
    onWake();
    sendResponse(null);
    return false;
  });
}

/** Opens the waker document unless one is open (a restarted worker finds the old one still running). */
export async function ensureWaker(): Promise<void> {
  if (chrome.offscreen === undefined) return;
  const url = chrome.runtime.getURL(WAKER_PATH);
  const open = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] });
  if (open.length > 0) return;
  await chrome.offscreen.createDocument({
    url: WAKER_PATH,
    reasons: [chrome.offscreen.Reason.WORKERS],
    justification: "Restarts the service worker at once after Chrome stops it, so agents' requests to the browser are not lost.",
  });
}
