import { OBSERVATION_MAX_CHARS } from "../../../protocol/constants.js";
import type { Observation } from "../../../protocol/content/pageShapes.js";
import { callContent } from "../contentClient.js";
import { networkActivity } from "./networkActivity.js";
import type { PageActivity } from "../../../protocol/index.js";

/**
 * Waits for the page to settle after an action, adaptively. First a short window from the dispatch: when the DOM does not
 * change during it, the page started no request (neither through its fetch/XHR, counted in
 * the page, nor any the browser saw) and none is in flight, the page is provably quiet and
 * the action returns. Otherwise the full wait: a DOM quiet period and bounded network idle,
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
  /**
   * When the dispatch was done, what it ran at once included (ms since the epoch): the quiet
   * window runs from here, and a DOM change after it, even one made before the settle began,
   * is the page still moving.
   */
  windowFrom: number;
  /** Ends the write's in-page patch at the window's end; resolves to the requests the page started. */
  pageRequests: () => Promise<number>;
  /** Something outside the page changed (a tab opened): no quick return. */
  elsewhere: () => Promise<boolean>;
  /** The tab as the write last read it, while no navigation has made that stale: spares a tabs.get per content call. */
  knownTab: () => chrome.tabs.Tab | undefined;
}

export interface SettleOutcome extends Settled {
  /** The window was not quiet, so the page was waited for past the write's patch. */
  fullWait: boolean;
  /** The page as it was when the window proved quiet: the action's observation. */
  observation?: Observation;
  /** An observation taken in the window and then not used (the page was not quiet after all): observe retracts it. */
  retract?: string;
  /** What the page did from the dispatch to the settle's end; absent when its script could not say. */
  activity?: PageActivity;
  /** The action started requests (the page's own or any the browser saw for the tab). */
  requested: boolean;
}

export async function settlePage(tabId: number, deadline: number, window: SettleWindow): Promise<SettleOutcome> {
  const started = Date.now();
  const windowMs = Math.min(SETTLE.quietWindowMs, Math.max(1, deadline - window.windowFrom));
  const windowEnd = new Promise((resolve) => setTimeout(resolve, Math.max(0, window.windowFrom + windowMs - started)));
  const [first, pageRequests, elsewhere] = await Promise.all([
    // maxMs one past the window: quiet only if no change came during it. A quiet page is observed in the same trip.
    callContent(
      tabId,
      {
        op: "dom_quiet",
        quietMs: windowMs,
        maxMs: windowMs + 1,
        after: window.windowFrom,
        observe: OBSERVATION_MAX_CHARS,
        activitySince: window.dispatchedAt,
      },
      window.knownTab(),
    ).catch(() => ({ quiet: false, observation: undefined, activity: undefined })),
    // Unknown (the document went away) is not quiet.
    windowEnd.then(window.pageRequests).catch(() => null),
    // Asked at the window's end beside the rest, not after it: a tab the action opened exists by then.
    windowEnd.then(window.elsewhere).catch(() => true),
  ]);
  if (first.quiet && pageRequests === 0 && !elsewhere && networkActivity.quietSince(tabId, window.dispatchedAt)) {
    return {
      dom: true,
      network: true,
      waitedMs: Date.now() - started,
      fullWait: false,
      requested: false,
      ...(first.observation === undefined ? {} : { observation: first.observation }),
      ...(first.activity === undefined ? {} : { activity: first.activity }),
    };
  }
  const remaining = Math.max(1, deadline - Date.now());
  const [later, network] = await Promise.all([
    callContent(
      tabId,
      {
        op: "dom_quiet",
        quietMs: SETTLE.domQuietMs,
        maxMs: Math.max(1, Math.min(SETTLE.domMaxMs, remaining)),
        activitySince: window.dispatchedAt,
      },
      window.knownTab(),
    )
      // A page that is unloading or not scriptable has no DOM to wait for.
      .catch(() => ({ quiet: false, activity: undefined })),
    networkActivity.waitForIdle(tabId, SETTLE.networkIdleMs, Math.min(SETTLE.networkMaxMs, remaining), {
      since: window.dispatchedAt,
      requests: pageRequests ?? 0,
    }),
  ]);
  const activity = later.activity ?? first.activity;
  return {
    dom: later.quiet,
    network,
    waitedMs: Date.now() - started,
    fullWait: true,
    requested: (pageRequests ?? 0) > 0 || networkActivity.startedSince(tabId, window.dispatchedAt) > 0,
    ...(first.observation === undefined ? {} : { retract: first.observation.snapshotId }),
    ...(activity === undefined ? {} : { activity }),
  };
}
