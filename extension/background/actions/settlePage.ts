import { callContent } from "../contentClient.js";
import { networkActivity } from "./networkActivity.js";

/**
 * Seed §4, made adaptive. First a short window after dispatch: when the DOM does not change
 * during it, the page started no request (neither through its fetch/XHR, counted in the
 * page, nor any the browser saw) and none is in flight, the page is provably quiet and the
 * action returns. Otherwise the full wait: a DOM quiet period and bounded network idle,
 * measured in parallel.
 */
export const SETTLE = { quietWindowMs: 15, domQuietMs: 50, domMaxMs: 1_500, networkIdleMs: 50, networkMaxMs: 2_000 } as const;

export interface Settled {
  dom: boolean;
  network: boolean;
  waitedMs: number;
}

export interface SettleWindow {
  /** When the dispatch began (ms since the epoch): requests from then on are the action's. */
  dispatchedAt: number;
  /** Ends the write's in-page patch at the window's end; resolves to the requests the page started. */
  pageRequests: () => Promise<number>;
  /** Something outside the page changed (a tab opened): no quick return. */
  elsewhere: () => Promise<boolean>;
}

/** `fullWait`: the window was not quiet, so the page was waited for past the write's patch. */
export async function settlePage(tabId: number, deadline: number, window: SettleWindow): Promise<Settled & { fullWait: boolean }> {
  const started = Date.now();
  const budget = Math.max(1, deadline - started);
  const windowMs = Math.min(SETTLE.quietWindowMs, budget);
  const [domQuiet, pageRequests] = await Promise.all([
    // maxMs one past the window: quiet only if no mutation came during it.
    callContent(tabId, { op: "dom_quiet", quietMs: windowMs, maxMs: windowMs + 1 })
      .then((result) => result.quiet)
      .catch(() => false),
    // Unknown (the document went away) is not quiet.
    new Promise((resolve) => setTimeout(resolve, windowMs)).then(window.pageRequests).catch(() => null),
  ]);
  if (domQuiet && pageRequests === 0 && networkActivity.quietSince(tabId, window.dispatchedAt) && !(await window.elsewhere())) {
    return { dom: true, network: true, waitedMs: Date.now() - started, fullWait: false };
  }
  const remaining = Math.max(1, deadline - Date.now());
  const [dom, network] = await Promise.all([
    callContent(tabId, { op: "dom_quiet", quietMs: SETTLE.domQuietMs, maxMs: Math.max(1, Math.min(SETTLE.domMaxMs, remaining)) })
      .then((result) => result.quiet)
      // A page that is unloading or not scriptable has no DOM to wait for.
      .catch(() => false),
    networkActivity.waitForIdle(tabId, SETTLE.networkIdleMs, Math.min(SETTLE.networkMaxMs, remaining), { since: window.dispatchedAt, requests: pageRequests ?? 0 }),
  ]);
  return { dom, network, waitedMs: Date.now() - started, fullWait: true };
}
