import { WebOperatorError } from "../../../../protocol/index.js";

type LoadOutcome = { kind: "completed" } | { kind: "failed"; error: string };
type Waiter = { tabId: number; resolve: (outcome: LoadOutcome) => void };

/**
 * Waits for the first load of a tab that does not exist yet. NavigationWatch needs a tabId
 * before the action, but a created or restored tab gets its id only when the browser has
 * already started loading it, so this watch records top-frame outcomes of every tab from
 * before the action and looks the new tab up afterwards.
 */
export class NewTabLoadWatch {
  private readonly outcomes = new Map<number, LoadOutcome>();
  private waiters: Waiter[] = [];

  private readonly onCompleted = (details: { tabId: number; frameId: number }): void => {
    if (details.frameId === 0) this.record(details.tabId, { kind: "completed" });
  };
  private readonly onError = (details: { tabId: number; frameId: number; error: string }): void => {
    if (details.frameId === 0) this.record(details.tabId, { kind: "failed", error: details.error });
  };

  constructor() {
    chrome.webNavigation.onCompleted.addListener(this.onCompleted);
    chrome.webNavigation.onErrorOccurred.addListener(this.onError);
  }

  /** Resolves once the tab's first top-frame load ended, or throws navigation_failed / timeout. */
  async waitForLoad(tabId: number, deadline: number, what: string): Promise<void> {
    const outcome = this.outcomes.get(tabId) ?? (await this.next(tabId, deadline));
    if (outcome === null) {
      throw new WebOperatorError(
        "timeout",
        `${what} did not finish loading in time. It stays open as tab ${tabId}; list tabs or retry with a larger timeoutMs.`,
      );
    }
    if (outcome.kind === "failed") {
      throw new WebOperatorError("navigation_failed", `${what} failed: ${outcome.error}. Check the URL and that the site is reachable.`);
    }
  }

  disarm(): void {
    chrome.webNavigation.onCompleted.removeListener(this.onCompleted);
    chrome.webNavigation.onErrorOccurred.removeListener(this.onError);
  }

  private record(tabId: number, outcome: LoadOutcome): void {
    // Only the first outcome is the load we asked for; later ones are the page navigating on.
    if (this.outcomes.has(tabId)) return;
    this.outcomes.set(tabId, outcome);
    const ready = this.waiters.filter((waiter) => waiter.tabId === tabId);
    this.waiters = this.waiters.filter((waiter) => waiter.tabId !== tabId);
    for (const waiter of ready) waiter.resolve(outcome);
  }

  private next(tabId: number, deadline: number): Promise<LoadOutcome | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
      this.waiters.push({
        tabId,
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      });
    });
  }
}

/** Runs an action that creates a tab with a NewTabLoadWatch armed before it and removed after. */
export async function withNewTabLoadWatch<T>(action: (watch: NewTabLoadWatch) => Promise<T>): Promise<T> {
  const watch = new NewTabLoadWatch();
  try {
    return await action(watch);
  } finally {
    watch.disarm();
  }
}
