import { WebOperatorError } from "../../protocol/index.js";

/** How long an announced navigation may take to reach the browser before we stop expecting it. */
const NAVIGATION_START_WINDOW_MS = 1_000;

type Outcome = { kind: "completed" } | { kind: "failed"; error: string };

/**
 * Watches a tab's top frame for navigation. Armed before an action so that a navigation
 * the action starts is never missed; disarm() always removes the listeners.
 */
export class NavigationWatch {
  private started = false;
  private outcome: Outcome | null = null;
  private waiters: Array<(outcome: Outcome) => void> = [];

  private readonly onBefore = (details: { tabId: number; frameId: number }): void => {
    if (details.tabId === this.tabId && details.frameId === 0) {
      this.started = true;
      this.outcome = null;
    }
  };
  // Completion and errors count only after our navigation began: replacing an in-flight
  // load aborts the old one, and that old outcome is not ours.
  private readonly onDone = (details: { tabId: number; frameId: number }): void => {
    if (this.started && details.tabId === this.tabId && details.frameId === 0) this.settle({ kind: "completed" });
  };
  private readonly onError = (details: { tabId: number; frameId: number; error: string }): void => {
    if (this.started && details.tabId === this.tabId && details.frameId === 0) this.settle({ kind: "failed", error: details.error });
  };
  private readonly onSameDocument = (details: { tabId: number; frameId: number }): void => {
    if (details.tabId === this.tabId && details.frameId === 0) {
      this.started = true;
      this.settle({ kind: "completed" });
    }
  };

  constructor(private readonly tabId: number) {
    chrome.webNavigation.onBeforeNavigate.addListener(this.onBefore);
    chrome.webNavigation.onCompleted.addListener(this.onDone);
    chrome.webNavigation.onErrorOccurred.addListener(this.onError);
    chrome.webNavigation.onReferenceFragmentUpdated.addListener(this.onSameDocument);
    chrome.webNavigation.onHistoryStateUpdated.addListener(this.onSameDocument);
  }

  get navigationStarted(): boolean {
    return this.started;
  }

  /** Resolves when the top frame finished loading, or throws navigation_failed / timeout. */
  async waitForLoad(deadline: number, what: string): Promise<void> {
    const outcome = this.outcome ?? (await this.next(deadline));
    if (outcome === null) {
      throw new WebOperatorError("timeout", `${what} did not finish loading in time. Take a snapshot to see the page's state, or retry with a larger timeoutMs.`);
    }
    if (outcome.kind === "failed") {
      throw new WebOperatorError("navigation_failed", `${what} failed: ${outcome.error}. Check the URL and that the site is reachable.`);
    }
  }

  /**
   * After an action: if it started a navigation, wait for that load too. The grace period
   * covers actions whose navigation the page could not report (trusted key presses).
   */
  async settleAfterAction(deadline: number, { expectNavigation = false, graceMs = 50 } = {}): Promise<void> {
    if (!this.started && !expectNavigation && graceMs > 0) await new Promise((done) => setTimeout(done, graceMs));
    if (!this.started && !expectNavigation) return;
    // A page may cancel or intercept the navigation it announced; don't wait a whole deadline for it.
    if (!this.started) await this.waitForStart(Math.min(deadline, Date.now() + NAVIGATION_START_WINDOW_MS));
    if (!this.started) return;
    await this.waitForLoad(deadline, "The navigation this action started").catch((error: unknown) => {
      // The action itself succeeded; a slow or failed follow-up load is visible in the next snapshot.
      if (!(error instanceof WebOperatorError)) throw error;
    });
  }

  disarm(): void {
    chrome.webNavigation.onBeforeNavigate.removeListener(this.onBefore);
    chrome.webNavigation.onCompleted.removeListener(this.onDone);
    chrome.webNavigation.onErrorOccurred.removeListener(this.onError);
    chrome.webNavigation.onReferenceFragmentUpdated.removeListener(this.onSameDocument);
    chrome.webNavigation.onHistoryStateUpdated.removeListener(this.onSameDocument);
  }

  private async waitForStart(until: number): Promise<void> {
    while (!this.started && Date.now() < until) await new Promise((done) => setTimeout(done, 10));
  }

  private settle(outcome: Outcome): void {
    this.outcome = outcome;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter(outcome);
  }

  private next(deadline: number): Promise<Outcome | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
      this.waiters.push((outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });
  }
}

/** Runs an action with a navigation watch armed before it and removed after. */
export async function withNavigationWatch<T>(tabId: number, action: (watch: NavigationWatch) => Promise<T>): Promise<T> {
  const watch = new NavigationWatch(tabId);
  try {
    return await action(watch);
  } finally {
    watch.disarm();
  }
}
