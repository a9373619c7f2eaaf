import { markdownCell, markdownCode } from "../markdownTable.js";
import { isSolved, successes, type TaskResult } from "./runTask.js";

/** The bench's table, in Markdown so docs/benchmarks.md can quote it as printed. */
export function renderReport(results: readonly TaskResult[]): string {
  const rows = results.map((result) => {
    const mean = result.episodes.reduce((sum, episode) => sum + episode.reward, 0) / Math.max(1, result.episodes.length);
    return `| ${markdownCode(result.task)} | ${result.episodes.length} | ${successes(result)} | ${mean.toFixed(2)} | ${isSolved(result) ? "yes" : "no"} |`;
  });
  const episodes = results.reduce((sum, result) => sum + result.episodes.length, 0);
  const won = results.reduce((sum, result) => sum + successes(result), 0);
  const solved = results.filter(isSolved).length;
  const failures = results.flatMap((result) =>
    result.episodes.flatMap((episode) =>
      episode.failure === null ? [] : [`- ${markdownCode(result.task)} seed ${episode.seed}: ${markdownCell(episode.failure)}`],
    ),
  );
  return [
    "| task | episodes | reward > 0 | mean reward | solved |",
    "|---|---:|---:|---:|---|",
    ...rows,
    "",
    `solved ${solved} of ${results.length} tasks, ${won} of ${episodes} episodes`,
    "",
    failures.length === 0 ? "no episode failed" : "episodes that did not score above zero, or whose solver stopped with an error:",
    ...failures,
  ].join("\n");
}
