import type { ViewportBox } from "../../../protocol/content/actionabilityResults.js";
import { debuggerSession } from "../debuggerSession.js";

const SHOW_MS = 900;
const ORANGE = { r: 232, g: 89, b: 12 };

/** Per tab, the toolbar title set last and the document it was set in: the same again needs no call. */
const titledLast = new Map<number, string>();
/** Per tab, the highlight shown last: an earlier one's timer must not hide a later one. */
const shownLast = new Map<number, number>();
/** Per tab, the screenshots being taken: no highlight is drawn while one is. */
const capturing = new Map<number, number>();
let nextHighlight = 1;

/**
 * The action highlight, drawn by the DevTools overlay over the target for a moment: a
 * person watching sees what the agent acts on, and no page script can see it, since
 * nothing enters the page's DOM. The overlay draws no text, so the label naming the agent
 * goes to the browser's own UI: the toolbar button's tooltip for that tab says who acted
 * there last and how. Never awaited by the action, and never its failure.
 *
 * Only a tab its window shows gets the outline: nobody sees a background tab, where agents
 * mostly work, and two DevTools commands per action for nothing slow every agent at once.
 */
export function showActionHighlight(tab: chrome.tabs.Tab & { id: number }, box: ViewportBox | null | undefined, label: string): void {
  const tabId = tab.id;
  const title = `WebOperator: ${label}`;
  // Keyed by the document too: Chrome may drop a tab's own title when it navigates.
  const titled = `${tab.url ?? ""}\n${title}`;
  if (titledLast.get(tabId) !== titled) {
    // Closed tabs' entries are few bytes each; a long-lived worker forgets them all now and then.
    if (titledLast.size > 1_000) titledLast.clear();
    titledLast.set(tabId, titled);
    void chrome.action.setTitle({ tabId, title }).catch(() => titledLast.delete(tabId));
  }
  if (box === null || box === undefined || !tab.active) return;
  const id = nextHighlight++;
  shownLast.set(tabId, id);
  void draw(tabId, box)
    .then(() => new Promise((resolve) => setTimeout(resolve, SHOW_MS)))
    .then(() => (shownLast.get(tabId) === id ? hide(tabId) : undefined))
    .catch(() => undefined);
}

/**
 * Runs a capture with no highlight on the page: the overlay draws into what
 * Page.captureScreenshot sees, at the target's box as it was (before the action scrolled), so
 * an agent reading pixels right after an action would read ours. A highlight on screen is
 * hidden first and none is drawn until the capture is done; it was a moment's cue for a
 * person, and is not drawn again.
 */
export async function withoutHighlight<T>(tabId: number, capture: () => Promise<T>): Promise<T> {
  capturing.set(tabId, (capturing.get(tabId) ?? 0) + 1);
  try {
    // CDP answers a session's commands in order: this hide comes after any quad already sent.
    if (shownLast.has(tabId)) await hide(tabId).catch(() => undefined);
    return await capture();
  } finally {
    const left = (capturing.get(tabId) ?? 1) - 1;
    if (left > 0) capturing.set(tabId, left);
    else capturing.delete(tabId);
  }
}

async function draw(tabId: number, box: ViewportBox): Promise<void> {
  // The overlay needs the DOM agent on; both are no-ops once on.
  await debuggerSession.enable(tabId, "DOM");
  await debuggerSession.enable(tabId, "Overlay");
  // Checked just before the quad goes: a capture that starts later hides it, in order, before capturing.
  if (capturing.has(tabId)) return;
  const pad = 3;
  const [left, top, right, bottom] = [box.x - pad, box.y - pad, box.x + box.width + pad, box.y + box.height + pad];
  await debuggerSession.send(tabId, "Overlay.highlightQuad", {
    quad: [left, top, right, top, right, bottom, left, bottom],
    color: { ...ORANGE, a: 0.2 },
    outlineColor: { ...ORANGE, a: 1 },
  });
}

async function hide(tabId: number): Promise<void> {
  shownLast.delete(tabId);
  await debuggerSession.send(tabId, "Overlay.hideHighlight");
}
