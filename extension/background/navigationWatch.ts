import { WebOperatorError } from "../../protocol/index.js";
import { subscribe } from "./sharedListeners.js";

/** How long an announced navigation may take to reach the browser before we stop expecting it. */
const NAVIGATION_START_WINDOW_MS = 1_000;

/**
 * How long a committed document may take to become interactive before navigate answers
 * with what it has (loading: true): the agent can read the partial page and wait itself.
 */
const INTERACTIVE_WAIT_AFTER_COMMIT_MS = 5_000;
/** How long an interactive document may take to finish loading before navigate answers loading: true. */
const LOAD_GRACE_MS = 300;
/** Re-checks the commit-based deadline, which a commit moves earlier while we wait. */
const COMMIT_POLL_MS = 250;

type Outcome = { kind: "completed" } | { kind: "failed"; error: string };
type TopFrameEvent = { tabId: number; frameId: number; documentId?: string; url?: string };

/**
 * Watches a tab's top frame for navigation. Armed before an action so that a navigation
 * the action starts is never missed; disarm() always removes the listeners.
 */
export class NavigationWatch {
  private started = false;
  private committed = false;
  private committedAt: number | null = null;
  private committedDocumentId: string | undefined;
  private previousDocumentId: string | undefined;
  private interactive = false;
  private outcome: Outcome | null = null;
  private waiters: Array<(outcome: Outcome) => void> = [];
  private changeWaiters: Array<() => void> = [];
  private interactiveListener: (() => void) | null = null;
  private readonly unsubscribe: Array<() => void>;
  /** The URL our navigation's document committed with (after redirects), once it has. */
  committedUrl: string | undefined;

  private readonly onBefore = (details: { tabId: number; frameId: number; url?: string }): void => {
    if (details.tabId === this.tabId && details.frameId === 0 && !this.isLeftoverBlank(details.url)) {
      this.started = true;
      this.committed = false;
      this.committedDocumentId = undefined;
      this.committedAt = null;
      this.interactive = false;
      this.outcome = null;
    }
  };
  // A fresh tab's about:blank can commit and load after our navigation began: its events are not ours.
  private readonly onCommitted = (details: TopFrameEvent): void => {
    if (this.isOurNavigation(details)) {
      this.committed = true;
      this.committedAt = Date.now();
      this.committedDocumentId = details.documentId;
      this.committedUrl = details.url;
    }
  };
  // DOMContentLoaded: the document is there to read and act on, whatever its subresources do.
  private readonly onInteractive = (details: TopFrameEvent): void => {
    if (this.isOurNavigation(details) && this.isOurDocument(details.documentId)) {
      this.committed = true;
      this.interactive = true;
      this.committedUrl = details.url ?? this.committedUrl;
      this.interactiveListener?.();
      this.wake();
    }
  };
  // Completion and errors count only after our navigation began: replacing an in-flight
  // load aborts the old one, and that old outcome is not ours.
  private readonly onDone = (details: TopFrameEvent): void => {
    if (this.isOurNavigation(details) && this.isOurDocument(details.documentId)) this.settle({ kind: "completed" });
  };
  private readonly onError = (details: { tabId: number; frameId: number; error: string; documentId?: string }): void => {
    if (!this.started || details.tabId !== this.tabId || details.frameId !== 0) return;
    // A document still loading when we leave it reports its own load as aborted: not ours.
    if (
      details.documentId !== undefined &&
      (details.documentId === this.previousDocumentId ||
        (this.committedDocumentId !== undefined && details.documentId !== this.committedDocumentId))
    )
      return;
    this.settle({ kind: "failed", error: details.error });
  };
  private readonly onSameDocument = (details: { tabId: number; frameId: number }): void => {
    if (details.tabId === this.tabId && details.frameId === 0) {
      this.started = true;
      this.settle({ kind: "completed" });
    }
  };

  /**
   * `expectedUrl`: the http(s) URL a navigate call loads. A tab that tab_open made a moment
   * ago may still be loading its about:blank, and that load's events must not answer for ours.
   */
  constructor(
    private readonly tabId: number,
    private readonly expectedUrl?: string,
  ) {
    this.unsubscribe = [
      subscribe(chrome.webNavigation.onBeforeNavigate, this.onBefore),
      subscribe(chrome.webNavigation.onCommitted, this.onCommitted),
      subscribe(chrome.webNavigation.onDOMContentLoaded, this.onInteractive),
      subscribe(chrome.webNavigation.onCompleted, this.onDone),
      subscribe(chrome.webNavigation.onErrorOccurred, this.onError),
      subscribe(chrome.webNavigation.onReferenceFragmentUpdated, this.onSameDocument),
      subscribe(chrome.webNavigation.onHistoryStateUpdated, this.onSameDocument),
    ];
  }

  /**
   * Remembers the document shown before a navigation, so that its own aborted load (it was
   * still loading when we left it) is not taken for our navigation's failure.
   */
  async rememberCurrentDocument(): Promise<void> {
    const frame = await chrome.webNavigation.getFrame({ tabId: this.tabId, frameId: 0 }).catch(() => null);
    this.previousDocumentId = frame?.documentId;
  }

  /** An event of this tab's top frame, after our navigation began, and not a fresh tab's leftover about:blank. */
  private isOurNavigation(details: TopFrameEvent): boolean {
    return this.started && details.tabId === this.tabId && details.frameId === 0 && !this.isLeftoverBlank(details.url);
  }

  private isLeftoverBlank(url: string | undefined): boolean {
    return this.expectedUrl !== undefined && url !== undefined && /^https?:/i.test(this.expectedUrl) && !/^https?:/i.test(url);
  }

  /** Only our document's DOMContentLoaded and load count, never a late one of the document before it. */
  private isOurDocument(documentId: string | undefined): boolean {
    if (documentId === undefined) return true;
    return this.committedDocumentId === undefined ? documentId !== this.previousDocumentId : documentId === this.committedDocumentId;
  }

  /** Called once our document reached DOMContentLoaded, before any wait on it resolves. */
  onInteractiveDocument(listener: () => void): void {
    this.interactiveListener = listener;
  }

  get navigationStarted(): boolean {
    return this.started;
  }

  /** Resolves when the top frame finished loading, or throws navigation_failed / timeout. */
  async waitForLoad(deadline: number, what: string): Promise<void> {
    const outcome = this.outcome ?? (await this.next(deadline));
    if (outcome === null) {
      throw new WebOperatorError(
        "timeout",
        `${what} did not finish loading in time. Take a snapshot to see the page's state, or retry with a larger timeoutMs.`,
      );
    }
    if (outcome.kind === "failed") {
      throw new WebOperatorError("navigation_failed", `${what} failed: ${outcome.error}. Check the URL and that the site is reachable.`);
    }
  }

  /**
   * Resolves once the top frame's document is interactive (DOMContentLoaded) and never waits
   * for its last subresource (ads, fonts, hosts that do not resolve). At the deadline a
   * committed document is answered as it is, still loading; one that never committed is a timeout.
   */
  async waitForInteractive(deadline: number, what: string): Promise<{ loading: boolean }> {
    while (this.outcome === null && !this.interactive) {
      // Parser-blocking scripts from hosts that never answer hold DOMContentLoaded back too.
      const due = this.committedAt === null ? deadline : Math.min(deadline, this.committedAt + INTERACTIVE_WAIT_AFTER_COMMIT_MS);
      if (Date.now() >= due) {
        if (this.committed) return { loading: true };
        throw new WebOperatorError(
          "timeout",
          `${what} did not start showing a page in time. Check the URL, or retry with a larger timeoutMs.`,
        );
      }
      await this.nextChange(Math.min(deadline, Date.now() + COMMIT_POLL_MS));
    }
    // A page without slow subresources finishes right after DOMContentLoaded: a short,
    // bounded grace lets it answer complete (tab status, history entry) instead of loading.
    if (this.outcome === null && this.interactive) await this.nextChange(Math.min(deadline, Date.now() + LOAD_GRACE_MS));
    if (this.outcome?.kind === "failed") {
      throw new WebOperatorError(
        "navigation_failed",
        `${what} failed: ${this.outcome.error}. Check the URL and that the site is reachable.`,
      );
    }
    return { loading: this.outcome === null };
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
    for (const leave of this.unsubscribe) leave();
  }

  private async waitForStart(until: number): Promise<void> {
    while (!this.started && Date.now() < until) await new Promise((done) => setTimeout(done, 10));
  }

  private settle(outcome: Outcome): void {
    this.outcome = outcome;
    this.wake();
  }

  private wake(): void {
    const outcome = this.outcome;
    if (outcome !== null) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) waiter(outcome);
    }
    const changes = this.changeWaiters;
    this.changeWaiters = [];
    for (const waiter of changes) waiter();
  }

  /** Resolves at the next change of state (interactive, completed, failed) or at the deadline. */
  private nextChange(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      this.changeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
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
export async function withNavigationWatch<T>(
  tabId: number,
  action: (watch: NavigationWatch) => Promise<T>,
  expectedUrl?: string,
): Promise<T> {
  const watch = new NavigationWatch(tabId, expectedUrl);
  try {
    return await action(watch);
  } finally {
    watch.disarm();
  }
}
