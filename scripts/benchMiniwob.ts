import { runBench, withBenchBrowser } from "./bench/benchRun.js";
import { miniwobDir, MiniwobMissingError } from "./miniwob/miniwobDir.js";
import { renderReport } from "./miniwob/report.js";
import { runEpisode, type EpisodeResult, type TaskResult } from "./miniwob/runTask.js";
import { SOLVERS } from "./miniwob/solvers/index.js";

/**
 * How many MiniWoB++ tasks a scripted agent solves through the socket protocol. Each solver
 * reads the instruction and the refs from our snapshot and acts with browser.* commands; the
 * harness only seeds and starts each episode and reads the page's own reward (see episode.ts).
 * MINIWOB_DIR: MiniWoB++'s miniwob/html; TASKS: a comma-separated subset; EPISODES: seeds per task.
 */
const EPISODES = Number(process.env.EPISODES ?? 3);

async function main(): Promise<void> {
  let root: string;
  try {
    root = miniwobDir();
  } catch (error) {
    // Not a crash of the bench: say how to get the pages, without a stack trace in the way.
    if (!(error instanceof MiniwobMissingError)) throw error;
    console.error(`bench:miniwob: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  const wanted = process.env.TASKS?.split(",").filter((task) => task !== "");
  const unknown = wanted?.filter((task) => !(task in SOLVERS)) ?? [];
  if (unknown.length > 0) throw new Error(`no solver for ${unknown.join(", ")}; the tasks with one: ${Object.keys(SOLVERS).join(", ")}`);
  const tasks = wanted ?? Object.keys(SOLVERS);
  const results = await withBenchBrowser(root, {}, async (browser, server) => {
    const all: TaskResult[] = [];
    for (const task of tasks) {
      const solver = SOLVERS[task];
      if (solver === undefined) continue;
      const url = `${server.origin}/miniwob/${task}.html`;
      const episodes: EpisodeResult[] = [];
      try {
        await browser.client.request("browser.navigate", { url });
        const page = await browser.waitForPage(url);
        for (let seed = 1; seed <= EPISODES; seed++) episodes.push(await runEpisode(page, browser.client, solver, String(seed)));
      } catch (error) {
        // The harness itself failed on this task (the page never became ready): its remaining episodes count as failures.
        const why = `harness: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
        while (episodes.length < EPISODES) episodes.push({ seed: String(episodes.length + 1), reward: 0, failure: why });
      }
      const result = { task, episodes };
      console.error(`${task}: ${episodes.map((episode) => episode.reward.toFixed(2)).join(" ")}`);
      all.push(result);
    }
    return all;
  });
  console.log(renderReport(results));
}

runBench(main);
