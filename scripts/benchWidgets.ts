import type { Page } from "playwright-core";
import { launchSharedBrowser, type SharedBrowser } from "./bench/sharedBrowser.js";
import { runBench } from "./bench/benchRun.js";
import { buildWidgetFixtures, serveWidgetFixtures } from "../test/helpers/widgetFixtures.js";
import { startFixtureServer, type FixtureServer } from "../test/helpers/fixtureServer.js";
import { loadWidgetTasks } from "../test/widgets/taskFiles.js";
import { runWidgetTask, type WidgetDriver, type WidgetOutcome } from "../test/widgets/runWidgetTask.js";
import { webOperatorAgent } from "../test/widgets/webOperatorAgent.js";
import { playwrightAgent } from "../test/widgets/playwrightAgent.js";
import { readWidgetState } from "../test/widgets/widgetStateReader.js";

/**
 * The widget suite against Playwright (issue 49): every task in test/widgets/tasks/, each a
 * one-sentence job on a page built with the real library, played by the same scripted agent
 * through WebOperator's socket and through Playwright's AI snapshot and aria-ref locators, on
 * one Chromium. Each run is judged on the library's own state (`window.widgetState()`, read
 * with Playwright's page.evaluate beside either agent). Solved: done within 3 attempts, the
 * page reloaded between them; first try: done after the first.
 *
 * `WIDGETS=a,b` narrows the run; `--json` prints the outcomes as JSON after the table;
 * `--headed` runs a headed Chromium (on a desktop, or under scripts/test/withDisplay.sh).
 */
const ONLY = process.env.WIDGETS?.split(",").filter((name) => name !== "");
const JSON_OUTPUT = process.argv.includes("--json");
const HEADED = process.argv.includes("--headed");
const NAVIGATE_TIMEOUT_MS = 60_000;

/** The page Playwright sees showing the widget, whatever hash or query the page gave itself. */
async function pageShowing(browser: SharedBrowser, url: string): Promise<Page> {
  for (let tries = 0; ; tries++) {
    const page = browser.context.pages().find((candidate) => candidate.url().split(/[?#]/)[0] === url);
    if (page !== undefined) return page;
    if (tries >= 200) throw new Error(`Playwright does not see the tab showing ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function ourDriver(browser: SharedBrowser, server: FixtureServer): WidgetDriver {
  const url = (widget: string): string => server.url(`/widgets/${widget}.html`);
  return {
    async open(widget) {
      await browser.client.request("browser.navigate", { url: url(widget) }, { timeoutMs: NAVIGATE_TIMEOUT_MS });
    },
    async reload() {
      await browser.client.request("browser.reload", {}, { timeoutMs: NAVIGATE_TIMEOUT_MS });
    },
    state: async (widget) => readWidgetState(await pageShowing(browser, url(widget))),
    agent: (attempt) => webOperatorAgent(browser.client, attempt),
  };
}

function playwrightDriver(page: Page, server: FixtureServer): WidgetDriver {
  return {
    async open(widget) {
      await page.goto(server.url(`/widgets/${widget}.html`), { waitUntil: "load" });
    },
    async reload() {
      await page.reload({ waitUntil: "load" });
    },
    state: () => readWidgetState(page),
    agent: (attempt) => playwrightAgent(page, attempt),
  };
}

function count(outcomes: readonly WidgetOutcome[], key: "solved" | "firstTry"): number {
  return outcomes.filter((outcome) => outcome[key]).length;
}

const mark = (outcome: WidgetOutcome): string => `${outcome.solved ? "yes" : "no"} / ${outcome.firstTry ? "yes" : "no"}`;

async function main(): Promise<void> {
  const tasks = (await loadWidgetTasks()).filter((task) => ONLY === undefined || ONLY.includes(task.widget));
  const built = await buildWidgetFixtures([...new Set(tasks.map((task) => task.widget))]);
  const server = await startFixtureServer();
  serveWidgetFixtures(server, built);
  const browser = await launchSharedBrowser({ headless: !HEADED });
  const ours: WidgetOutcome[] = [];
  const theirs: WidgetOutcome[] = [];
  try {
    const page = await browser.context.newPage();
    for (const task of tasks) {
      // Ours and Playwright's alternate per widget, so the machine's load falls on both alike.
      ours.push(await runWidgetTask(task, ourDriver(browser, server)));
      theirs.push(await runWidgetTask(task, playwrightDriver(page, server)));
      for (const [driver, outcome] of [
        ["WebOperator", ours.at(-1)],
        ["Playwright", theirs.at(-1)],
      ] as const) {
        for (const failure of outcome?.failures ?? []) console.error(`${task.widget} (${driver}): ${failure.slice(0, 600)}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
    built.remove();
  }
  console.log("| widget | library | WebOperator solved / first try | Playwright solved / first try |");
  console.log("|---|---|---|---|");
  ours.forEach((outcome, index) => {
    const reference = theirs[index];
    if (reference !== undefined) console.log(`| ${outcome.widget} | ${outcome.library} | ${mark(outcome)} | ${mark(reference)} |`);
  });
  const total = ours.length;
  console.log(
    `| **total** | ${total} widgets | ${count(ours, "solved")} / ${count(ours, "firstTry")} | ${count(theirs, "solved")} / ${count(theirs, "firstTry")} |`,
  );
  if (JSON_OUTPUT) console.log(JSON.stringify({ weboperator: ours, playwright: theirs }, null, 2));
}

runBench(main);
