import { existsSync } from "node:fs";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";
import { join } from "node:path";
import { projectRoot } from "../bridge/install/projectLayout.js";
import { droppedGroups } from "./bench/droppedInteractive.js";

/**
 * Why bench:snapshot counts a page's visible interactive elements as dropped: for each
 * page of PAGES (comma-separated corpus names), every role and name the 12,000-char
 * snapshot left out, with what our walker thought of each ref (inViewport of
 * `elements: true`) beside what the bench's Playwright lookup found on screen. Usage:
 *   npm run build && PAGES=buzzfeed-1,cnet node dist/node/scripts/benchBudgetDebug.js
 */
const BUDGET = 12_000;

async function main(): Promise<void> {
  const corpus = join(projectRoot(), "..", "shared", "corpus", "readability-dev");
  const pages = (process.env.PAGES ?? "").split(",").filter((name) => name !== "" && existsSync(join(corpus, name, "source.html")));
  if (pages.length === 0) throw new Error("set PAGES to corpus page names");
  await withBenchBrowser(corpus, {}, async (browser, server) => {
    for (const name of pages) {
      const opened = await browser.client.request(
        "browser.navigate",
        { url: `${server.origin}/${name}/source.html` },
        { timeoutMs: 20_000 },
      );
      const page = browser.pageAt(opened.url);
      const budgeted = await browser.client.request("browser.snapshot", { maxChars: BUDGET });
      const whole = await browser.client.request("browser.snapshot", { maxChars: 500_000, elements: true });
      const ours = new Map(
        (whole.elements ?? []).flatMap((record) => (record.ref === undefined ? [] : [[record.ref, record.inViewport] as const])),
      );
      const groups = await droppedGroups(page, whole.text, budgeted.text);
      const visible = groups.reduce((sum, group) => sum + group.visible, 0);
      const droppedRefs = groups.reduce((sum, group) => sum + group.dropped.length, 0);
      const oursOnScreen = groups.flatMap((group) => group.dropped).filter((line) => ours.get(line.ref) === true).length;
      console.log(
        `== ${name}: ${budgeted.text.length} chars, ${droppedRefs} refs dropped, ${oursOnScreen} of them in our viewport, ${visible} counted visible by the bench`,
      );
      console.log(`   ${budgeted.text.split("\n").at(-1) ?? ""}`);
      for (const group of groups.filter((candidate) => candidate.visible > 0)) {
        const refs = group.dropped.map((line) => `${line.ref}${ours.get(line.ref) === true ? "(ours: on screen)" : ""}`).join(" ");
        console.log(
          `   ${group.role} ${JSON.stringify(group.name)}: dropped ${group.dropped.length}, kept ${group.keptSame}, on screen ${group.inViewport}: ${refs}`,
        );
      }
    }
  });
}

runBench(main);
