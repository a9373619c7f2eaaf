import { debuggerSession } from "../debuggerSession.js";
import { MODIFIER_BITS, type ModifierName } from "../keyDefinitions.js";

export type MouseButton = "left" | "right" | "middle";

const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

export function modifierMask(modifiers: readonly ModifierName[]): number {
  return modifiers.reduce((mask, name) => mask | MODIFIER_BITS[name], 0);
}

/** A trusted click through CDP: move, then press/release `count` times with rising clickCount. */
export async function trustedClick(tabId: number, point: { x: number; y: number }, button: MouseButton, count: number, modifiers: number): Promise<void> {
  const base = { x: point.x, y: point.y, modifiers };
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", { type: "mouseMoved", ...base, button: "none", buttons: 0 });
  for (let clickCount = 1; clickCount <= count; clickCount++) {
    await debuggerSession.send(tabId, "Input.dispatchMouseEvent", { type: "mousePressed", ...base, button, buttons: BUTTON_BITS[button], clickCount });
    await debuggerSession.send(tabId, "Input.dispatchMouseEvent", { type: "mouseReleased", ...base, button, buttons: 0, clickCount });
  }
}

export async function trustedHover(tabId: number, point: { x: number; y: number }): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", { type: "mouseMoved", x: point.x, y: point.y, button: "none", buttons: 0 });
}
