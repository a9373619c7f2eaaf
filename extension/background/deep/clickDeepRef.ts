import { clickAt } from "../input/mouse.js";
import { deepClickPoint } from "./deepClickPoint.js";
import { resolveDeepRef, type ResolvedDeepRef } from "./resolveDeepRef.js";

export interface DeepClick {
  tabId: number;
  ref: string;
  target: { role: string; name: string };
  point: { x: number; y: number };
}

interface ClickOptions {
  /** The gatekeeper's last word, called with the ref's tab right before the mouse events. */
  beforeDispatch(tabId: number): Promise<unknown>;
}

/** A trusted click on a resolved deep ref: identity checked again, then the one mouse dispatcher at its centre. */
export async function clickResolvedDeepRef(resolved: ResolvedDeepRef, options: ClickOptions): Promise<DeepClick> {
  const point = await deepClickPoint(resolved);
  // Scrolling let page code run (scroll handlers may re-render): check identity again right before the write.
  await resolveDeepRef(resolved.binding.ref, resolved.tabId);
  await options.beforeDispatch(resolved.tabId);
  await clickAt(resolved.tabId, point);
  const { ref, role, name } = resolved.binding;
  return { tabId: resolved.tabId, ref, target: { role, name }, point };
}
