import type { NavigationWatch } from "../../navigationWatch.js";

export type Direction = "back" | "forward";

/**
 * How long a history step the page could not vouch for may take to start. A step through
 * cross-origin entries (which the page's Navigation API does not see) starts within
 * milliseconds; waiting longer would only delay the "nothing there" answer.
 */
const UNVOUCHED_START_WINDOW_MS = 500;

/**
 * Chrome's back/forward UI, and chrome.tabs.goBack with it, skips entries of pages the user
 * never interacted with (the history-manipulation intervention): every page an agent opened
 * with navigate. The page's own history.back() still walks them, so it is the fallback.
 * Returns whether a navigation started; the caller's watch then waits for its load.
 */
export async function stepInPage(tabId: number, direction: Direction, watch: NavigationWatch, deadline: number): Promise<boolean> {
  let vouched: boolean;
  try {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      injectImmediately: true,
      args: [direction],
      func: (step: Direction) => {
        // Navigation API entries cover same-origin history only, so false does not mean "none".
        const navigation = (window as { navigation?: { canGoBack: boolean; canGoForward: boolean } }).navigation;
        const canGo = step === "back" ? navigation?.canGoBack === true : navigation?.canGoForward === true;
        if (step === "back") history.back();
        else history.forward();
        return canGo;
      },
    });
    vouched = frame?.result === true;
  } catch {
    // Pages we may not script (error pages, the Web Store) have only the browser's answer.
    return false;
  }
  const until = vouched ? deadline : Math.min(deadline, Date.now() + UNVOUCHED_START_WINDOW_MS);
  while (!watch.navigationStarted && Date.now() < until) await new Promise((done) => setTimeout(done, 10));
  return watch.navigationStarted;
}
