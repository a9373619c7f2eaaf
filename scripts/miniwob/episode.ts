import type { Page } from "playwright-core";

/** How an episode ended, as the task page itself scored it (core.endEpisode). */
export interface EpisodeOutcome {
  done: boolean;
  /** The time-scaled reward MiniWoB reports (WOB_REWARD_GLOBAL), -1..1. */
  reward: number;
  /** The reward before the time penalty (WOB_RAW_REWARD_GLOBAL). */
  rawReward: number;
  reason: string | null;
}

/**
 * The harness's only use of Playwright on a task page, as MiniWoB's own Python harness does it
 * with Selenium: seed the page's random generator, start the episode, and read the score.
 * Everything in between is the agent's, through the socket protocol.
 */
export async function startEpisode(page: Page, seed: string): Promise<void> {
  await page.waitForFunction("typeof core !== 'undefined' && core.cover_div !== null");
  await page.evaluate(`Math.seedrandom(${JSON.stringify(seed)}); core.startEpisodeReal();`);
  // Some tasks build their page after a delay and say so with WOB_TASK_READY (as block_on_reset waits).
  await page.waitForFunction("WOB_TASK_READY === true", undefined, { timeout: 5_000 });
}

export async function readOutcome(page: Page): Promise<EpisodeOutcome> {
  return page.evaluate<EpisodeOutcome>(
    "({done: WOB_DONE_GLOBAL, reward: WOB_REWARD_GLOBAL, rawReward: WOB_RAW_REWARD_GLOBAL, reason: WOB_REWARD_REASON == null ? null : String(WOB_REWARD_REASON)})",
  );
}

/** Waits for the page to score the episode, at most `timeoutMs`; the page's own timer ends it at EPISODE_MAX_TIME anyway. */
export async function awaitOutcome(page: Page, timeoutMs: number): Promise<EpisodeOutcome> {
  await page.waitForFunction("WOB_DONE_GLOBAL === true", undefined, { timeout: timeoutMs, polling: 50 }).catch(() => undefined);
  return readOutcome(page);
}

/** Ends an episode the agent left unfinished, so the next one starts clean (the Python harness's force_stop). */
export async function forceStop(page: Page): Promise<void> {
  await page.evaluate("core.endEpisode(0)");
}

export async function episodeMaxTimeMs(page: Page): Promise<number> {
  return page.evaluate<number>("core.EPISODE_MAX_TIME");
}
