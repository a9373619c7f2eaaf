import type { Page } from "playwright-core";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { WebOperatorError } from "../../protocol/index.js";
import { AgentView, SolverError } from "./agentView.js";
import { awaitOutcome, episodeMaxTimeMs, forceStop, readOutcome, startEpisode } from "./episode.js";
import type { Solver } from "./solver.js";

export interface EpisodeResult {
  seed: string;
  reward: number;
  /** Why it did not score: the solver's error code and message, or the page's reason. */
  failure: string | null;
}

/** After the solver's last action, how long the page may take to score (a submit handler, a transition). */
const SCORE_GRACE_MS = 3_000;

/**
 * Runs one episode: the harness starts it with a fixed seed, the solver acts through the socket,
 * and the page scores it. The solver is bounded by the task's own episode time plus a margin,
 * so a stuck call never holds the bench.
 */
export interface TaskResult {
  task: string;
  episodes: EpisodeResult[];
}

/** A task counts as solved when the page scored most of its episodes above zero. */
export function isSolved(result: TaskResult): boolean {
  return successes(result) * 2 > result.episodes.length;
}

export function successes(result: TaskResult): number {
  return result.episodes.filter((episode) => episode.reward > 0).length;
}

export async function runEpisode(page: Page, client: WebOperatorClient, solver: Solver, seed: string): Promise<EpisodeResult> {
  await startEpisode(page, seed);
  // One view per episode: a solver the harness gave up on cannot act in the next one.
  const view = new AgentView(client);
  const budgetMs = (await episodeMaxTimeMs(page)) + 5_000;
  let failure: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      solver(view),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SolverError("episode_timeout", `the solver had not finished after ${budgetMs} ms`)), budgetMs);
      }),
    ]);
  } catch (error) {
    view.cancel();
    failure = describeFailure(error);
  } finally {
    clearTimeout(timer);
  }
  const outcome = failure === null ? await awaitOutcome(page, SCORE_GRACE_MS) : await readOutcome(page);
  if (!outcome.done) {
    await forceStop(page);
    return { seed, reward: 0, failure: failure ?? "the page never scored the episode" };
  }
  if (outcome.reward <= 0 && failure === null)
    failure = `scored ${outcome.reward.toFixed(2)}${outcome.reason === null ? "" : ` (${outcome.reason})`}`;
  if (outcome.reward <= 0 && view.guesses.length > 0) failure = `${failure ?? ""}; the solver guessed: ${view.guesses.join("; ")}`;
  return { seed, reward: outcome.reward, failure };
}

function describeFailure(error: unknown): string {
  if (error instanceof WebOperatorError || error instanceof SolverError) return `${error.code}: ${error.message.slice(0, 300)}`;
  return error instanceof Error ? error.message.slice(0, 300) : String(error);
}
