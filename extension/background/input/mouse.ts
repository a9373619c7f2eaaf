import type { MouseButton } from "../../../protocol/primitives.js";
import { debuggerSession } from "../debuggerSession.js";
import { pointerState } from "./pointerState.js";

/** The `buttons` bit field of MouseEvent, which CDP also takes. */
const BUTTON_BITS: Readonly<Record<MouseButton, number>> = { left: 1, right: 2, middle: 4 };

export interface Point {
  x: number;
  y: number;
}

export interface MouseOptions {
  /** CDP modifier bits (modifierBits()). */
  modifiers?: number;
  clickCount?: number;
}

/**
 * The one trusted mouse dispatcher: CDP Input.dispatchMouseEvent in viewport CSS px.
 * Every event carries the buttons still held on that tab, and the tab's pointer state
 * follows, so clicks, drags, holds and wheels never disagree about what is pressed.
 */
export async function moveMouse(tabId: number, point: Point, options: MouseOptions = {}): Promise<void> {
  const held = pointerState.held(tabId);
  await Promise.all([dispatch(tabId, "mouseMoved", point, held[0] ?? "none", buttonsOf(held), options), flushAlignedInput(tabId)]);
  pointerState.moved(tabId, point.x, point.y);
}

/**
 * A mouse move is frame-aligned input: the renderer holds it until its next frame, which a
 * background tab or a hidden window never draws (Chrome gives up after about 5 s). Input
 * that is not aligned delivers the held events ahead of itself; an empty text insertion is
 * such input, and the page sees no event from it.
 */
function flushAlignedInput(tabId: number): Promise<unknown> {
  return debuggerSession.send(tabId, "Input.insertText", { text: "" });
}

export async function pressMouse(tabId: number, point: Point, button: MouseButton, options: MouseOptions = {}): Promise<void> {
  const held = [...new Set([...pointerState.held(tabId), button])];
  await dispatch(tabId, "mousePressed", point, button, buttonsOf(held), { clickCount: 1, ...options });
  pointerState.moved(tabId, point.x, point.y);
  pointerState.pressed(tabId, button);
}

export async function releaseMouse(tabId: number, point: Point, button: MouseButton, options: MouseOptions = {}): Promise<void> {
  const remaining = pointerState.held(tabId).filter((each) => each !== button);
  // Forget the button even if CDP fails: a release we could not deliver is not retried blindly.
  pointerState.released(tabId, button);
  await dispatch(tabId, "mouseReleased", point, button, buttonsOf(remaining), { clickCount: 1, ...options });
  pointerState.moved(tabId, point.x, point.y);
}

/**
 * Move, then press and release `count` times with a rising clickCount (2 double, 3 triple), as a
 * real mouse reports them. `beforePress` runs after the move and before each press, when the page's
 * handlers have seen the pointer arrive; if it throws, that press and the rest never go out.
 */
export async function clickAt(
  tabId: number,
  point: Point,
  button: MouseButton = "left",
  count = 1,
  modifiers = 0,
  beforePress: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  await moveMouse(tabId, point, { modifiers });
  for (let clickCount = 1; clickCount <= count; clickCount++) {
    await beforePress();
    await pressMouse(tabId, point, button, { modifiers, clickCount });
    await releaseMouse(tabId, point, button, { modifiers, clickCount });
  }
}

export async function wheelMouse(tabId: number, point: Point, deltaX: number, deltaY: number): Promise<void> {
  const held = pointerState.held(tabId);
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", {
    type: "mouseWheel",
    x: point.x,
    y: point.y,
    deltaX,
    deltaY,
    buttons: buttonsOf(held),
    pointerType: "mouse",
  });
  pointerState.moved(tabId, point.x, point.y);
}

async function dispatch(
  tabId: number,
  type: "mouseMoved" | "mousePressed" | "mouseReleased",
  point: Point,
  button: MouseButton | "none",
  buttons: number,
  { modifiers = 0, clickCount }: MouseOptions,
): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchMouseEvent", {
    type,
    x: point.x,
    y: point.y,
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
