import { describe, median, timeMany } from "./bench/stats.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";

/**
 * Click round trip on a static button: agent socket -> bridge -> extension -> content
 * script -> back, with the settle and the post-action observation in the result, against
 * Playwright's locator.click() on the same button of the same tab, in the same run. Run
 * headless, then headed (people's Chrome has a window: with a display, e.g. under xvfb-run).
 */
const CLICKS = Number(process.env.CLICKS ?? 100);
const PAGE = `<!doctype html><title>Bench</title><button onclick="this.dataset.n = (+this.dataset.n || 0) + 1">Count</button>`;

interface ClickRun {
  ours: number[];
}

async function clickRun(headless: boolean): Promise<ClickRun> {
  return withBenchBrowser(
    null,
    { "/click.html": PAGE },
    async (browser, server) => {
      const { client } = browser;
      const url = `${server.origin}/click.html`;
      await client.request("browser.navigate", { url });
      const snapshot = await client.request("browser.snapshot", {});
      const ref = /button "Count"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
      if (!ref) throw new Error(`no button in snapshot:\n${snapshot.text}`);
      const button = browser.pageAt(url).getByRole("button", { name: "Count" });
      for (let warm = 0; warm < 5; warm++) {
        await client.request("browser.click", { ref });
        await button.click();
      }
      let fastSettles = 0;
      let observed = 0;
      let fromThePage = 0;
      const ours: number[] = [];
      const playwright: number[] = [];
      // Alternating, so the machine's noise falls on both alike.
      for (let i = 0; i < CLICKS; i++) {
        let started = performance.now();
        const clicked = await client.request("browser.click", { ref });
        ours.push(performance.now() - started);
        if (clicked.settled.dom && clicked.settled.network) fastSettles += clicked.settled.waitedMs < 40 ? 1 : 0;
        if (clicked.observation !== null) observed += 1;
        if (clicked.engine === "dom") fromThePage += 1;
        started = performance.now();
        await button.click();
        playwright.push(performance.now() - started);
      }
      const health = await timeMany(CLICKS, () => client.request("bridge.health", {}));
      const mode = headless ? "headless" : "headed";
      console.log(`[${mode}] browser.click round trip: ${describe(ours)} (target median <= 40 ms)`);
      console.log(`[${mode}] playwright locator.click(), same button: ${describe(playwright)}`);
      console.log(`[${mode}] ours/playwright at the median: ${(median(ours) / median(playwright)).toFixed(2)}`);
      console.log(
        `[${mode}] settled quietly within the first window: ${fastSettles}/${CLICKS}; observation in the result: ${observed}/${CLICKS}; engine "dom": ${fromThePage}/${CLICKS}`,
      );
      console.log(`[${mode}] bridge.health round trip (socket only): ${describe(health, 2)}`);
      return { ours };
    },
    { headless },
  );
}

async function main(): Promise<void> {
  const headless = await clickRun(true);
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.log("headed: skipped, no display (npm run bench:click starts one with xvfb-run)");
    return;
  }
  const headed = await clickRun(false);
  console.log(`headed p50 / headless p50: ${(median(headed.ours) / median(headless.ours)).toFixed(2)} (target <= 1.5)`);
}

runBench(main);
