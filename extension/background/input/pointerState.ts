import type { MouseButton } from "../../../protocol/primitives.js";

interface TabPointer {
  x: number;
  y: number;
  held: Set<MouseButton>;
}

/**
 * Where the pointer is and which buttons are held, per tab. CDP does not remember this
 * for us across commands: every mouseMoved must carry the held buttons, or the page
 * sees a move with no button down in the middle of a drag. Memory only: a restarted
 * service worker forgets held buttons (the page keeps them until the next release).
 */
class PointerState {
  private readonly tabs = new Map<number, TabPointer>();

  constructor() {
    chrome.tabs.onRemoved.addListener((tabId) => this.tabs.delete(tabId));
  }

  position(tabId: number): { x: number; y: number } | null {
    const state = this.tabs.get(tabId);
    return state ? { x: state.x, y: state.y } : null;
  }

  held(tabId: number): MouseButton[] {
    return [...(this.tabs.get(tabId)?.held ?? [])];
  }

  moved(tabId: number, x: number, y: number): void {
    const state = this.tabs.get(tabId);
    if (state) Object.assign(state, { x, y });
    else this.tabs.set(tabId, { x, y, held: new Set() });
  }

  pressed(tabId: number, button: MouseButton): void {
    this.tabs.get(tabId)?.held.add(button);
  }

  released(tabId: number, button: MouseButton): void {
    this.tabs.get(tabId)?.held.delete(button);
  }
}

export const pointerState = new PointerState();
