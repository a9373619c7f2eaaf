import { debuggerSession } from "../debuggerSession.js";
import { pointerState, type MouseButton } from "./pointerState.js";

/** The `buttons` bit field of MouseEvent, which CDP also takes. */
const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

export interface MouseOptions {
  modifiers?: number;
  clickCount?: number;
}

/**
 * Trusted mouse input through CDP Input.dispatchMouseEvent, in viewport CSS px. Every
 * event carries the buttons still held on that tab, and the tab's pointer state follows.
 */
export async function moveMouse(tabId: number, x: number, y: number, options: MouseOptions = {}): Promise<void> {
  const held = pointerState.held(tabId);
  await dispatch(tabId, "mouseMoved", x, y, held[0] ?? "none", buttonsOf(held), options);
  pointerState.moved(tabId, x, y);
}

export async function pressMouse(tabId: number, x: number, y: number, button: MouseButton, options: MouseOptions = {}): Promise<void> {
  const held = [...new Set([...pointerState.held(tabId), button])];
  await dispatch(tabId, "mousePressed", x, y, button, buttonsOf(held), { clickCount: 1, ...options });
  pointerState.moved(tabId, x, y);
  pointerState.pressed(tabId, button);
}

export async function releaseMouse(tabId: number, x: number, y: number, button: MouseButton, options: MouseOptions = {}): Promise<void> {
  const remaining = pointerState.held(tabId).filter((each) => each !== button);
  // Forget the button even if CDP fails: a release we could not deliver is not retried blindly.
  pointerState.released(tabId, button);
  await dispatch(tabId, "mouseReleased", x, y, button, buttonsOf(remaining), { clickCount: 1, ...options });
  pointerState.moved(tabId, x, y);
}

export async function wheelMouse(tabId: number, x: number, y: number, deltaX: number, deltaY: number): Promise<void> {
  const held = pointerState.held(tabId);
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", { type: "mouseWheel", x, y, deltaX, deltaY, buttons: buttonsOf(held), pointerType: "mouse" });
  pointerState.moved(tabId, x, y);
}

async function dispatch(
  tabId: number,
  type: "mouseMoved" | "mousePressed" | "mouseReleased",
  x: number,
  y: number,
  button: MouseButton | "none",
  buttons: number,
  { modifiers = 0, clickCount }: MouseOptions,
): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", {
    type,
    x,
    y,
    button,
    buttons,
    modifiers,
    pointerType: "mouse",
    ...(clickCount === undefined ? {} : { clickCount }),
  });
}

function buttonsOf(held: readonly MouseButton[]): number {
  return held.reduce((bits, button) => bits | BUTTON_BITS[button], 0);
}
