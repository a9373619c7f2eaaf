import type { EmulatedMedia } from "../../../protocol/primitives.js";
import { debuggerSession } from "../debuggerSession.js";

/**
 * Runs a read with the tab's CSS media emulated (Emulation.setEmulatedMedia), then restores
 * the page's own: content that only print media shows (`display: none` on screen) is read as
 * it prints. "screen", or none, is the page as it is and needs no debugger.
 */
export async function withEmulatedMedia<T>(tabId: number, media: EmulatedMedia | undefined, read: () => Promise<T>): Promise<T> {
  if (media !== "print") return await read();
  await debuggerSession.send(tabId, "Emulation.setEmulatedMedia", { media: "print" });
  try {
    return await read();
  } finally {
    // "" turns the emulation off: the page is back to its own media, whatever the read did.
    await debuggerSession.send(tabId, "Emulation.setEmulatedMedia", { media: "" }).catch(() => undefined);
  }
}
