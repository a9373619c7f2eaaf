import { debuggerSession } from "../debuggerSession.js";
import { deepClickPoint } from "./deepClickPoint.js";
import { resolveDeepRef, type ResolvedDeepRef } from "./resolveDeepRef.js";

export interface DeepClick {
  tabId: number;
  ref: string;
  target: { role: string; name: string };
  point: { x: number; y: number };
}

interface ClickOptions {
  expectedTabId?: number;
  /** The gatekeeper's last word, called with the ref's tab right before the mouse events. */
  beforeDispatch(tabId: number): Promise<void>;
}

/** A trusted click on a deep ref: identity checks, then CDP mouse move, press and release at its centre. */
export async function clickDeepRef(ref: string, options: ClickOptions): Promise<DeepClick> {
  return clickResolvedDeepRef(await resolveDeepRef(ref, options.expectedTabId), options);
}

export async function clickResolvedDeepRef(resolved: ResolvedDeepRef, options: ClickOptions): Promise<DeepClick> {
  const point = await deepClickPoint(resolved);
  // Scrolling let page code run (scroll handlers may re-render): check identity again right before the write.
  await resolveDeepRef(resolved.binding.ref, resolved.tabId);
  await options.beforeDispatch(resolved.tabId);
  const base = { x: point.x, y: point.y, button: "left", clickCount: 1 };
  await debuggerSession.send(resolved.tabId, "Input.dispatchMouseEvent", { type: "mouseMoved", x: point.x, y: point.y, button: "none" });
  await debuggerSession.send(resolved.tabId, "Input.dispatchMouseEvent", { type: "mousePressed", buttons: 1, ...base });
  await debuggerSession.send(resolved.tabId, "Input.dispatchMouseEvent", { type: "mouseReleased", buttons: 0, ...base });
  const { ref, role, name } = resolved.binding;
  return { tabId: resolved.tabId, ref, target: { role, name }, point };
}
