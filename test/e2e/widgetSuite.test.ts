import { describe, expect } from "vitest";
import type { Page } from "puppeteer-core";
import { sessionTest } from "../helpers/sessionTest.js";
import { buildWidgetFixtures, serveWidgetFixtures, type BuiltWidgets } from "../helpers/widgetFixtures.js";
import type { WebOperatorSession } from "../helpers/webOperatorSession.js";
import { loadWidgetTasks } from "../widgets/taskFiles.js";
import { runWidgetTask, type WidgetDriver } from "../widgets/runWidgetTask.js";
import { webOperatorAgent } from "../widgets/webOperatorAgent.js";
import { readWidgetState } from "../widgets/widgetStateReader.js";

const it = sessionTest();
// Every task file in test/widgets/tasks/, whoever added it: one `it` each.
const tasks = await loadWidgetTasks();

/** The puppeteer page showing the widget (judging reads the library's state there, beside the agent's path). */
async function pageShowing(session: WebOperatorSession, url: string): Promise<Page> {
  for (let tries = 0; ; tries++) {
    const pages = await session.launched.browser.pages();
    const page = pages.find((candidate) => candidate.url().split(/[?#]/)[0] === url);
    if (page !== undefined) return page;
    if (tries >= 100) throw new Error(`no page shows ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function ourDriver(session: WebOperatorSession): WidgetDriver {
  const url = (widget: string): string => session.pages.url(`/widgets/${widget}.html`);
  return {
    async open(widget) {
      await session.client.request("browser.navigate", { url: url(widget) });
    },
    async reload() {
      await session.client.request("browser.reload", {});
    },
    state: async (widget) => readWidgetState(await pageShowing(session, url(widget))),
    agent: (attempt) => webOperatorAgent(session.client, attempt),
  };
}

describe("the widget suite through the socket: each task at the first try, judged on the library's own state", () => {
  let built: BuiltWidgets;

  it.beforeAll(async ({ session }) => {
    built = await buildWidgetFixtures([...new Set(tasks.map((task) => task.widget))]);
    serveWidgetFixtures(session.pages, built);
  });

  it.afterAll(() => built.remove());

  for (const task of tasks) {
    it(`${task.widget} (${task.library}): ${task.sentence}`, async ({ session }) => {
      const outcome = await runWidgetTask(task, ourDriver(session));
      expect(outcome.failures, outcome.failures.join("\n")).toEqual([]);
      expect(outcome.firstTry).toBe(true);
      // Room for three attempts, so a failing task reports what each attempt did rather than a timeout.
    }, 180_000);
  }
});
