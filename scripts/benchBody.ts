import { describe, median } from "./bench/stats.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";

/**
 * What &body.browser costs over the browser.* command it stands for: body.act click (a
 * perception before and after, for the state hashes) and a one-step body.replay
 * (perceive, check, locate, act, perceive, check), against a plain browser.click on the same
 * button and a browser.snapshot, alternating in the same run so noise falls on all alike.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PAGE = `<!doctype html><title>Bench</title><h1>Form</h1>${Array.from({ length: 30 }, (_, i) => `<label>Field ${i} <input name="f${i}"></label>`).join("")}<button onclick="this.dataset.n = (+this.dataset.n || 0) + 1">Count</button>`;

async function main(): Promise<void> {
  await withBenchBrowser(null, { "/body.html": PAGE }, async (browser, server) => {
    const { client } = browser;
    await client.request("browser.navigate", { url: `${server.origin}/body.html` });
    const snapshot = await client.request("browser.snapshot", {});
    const ref = /button "Count"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
    if (!ref) throw new Error(`no button in snapshot:\n${snapshot.text}`);
    const locator = { role: "button", name: "Count" };
    const { edge } = await client.request("body.act", { type: "click", semantic_locator: locator });
    const samples: Record<"click" | "snapshot" | "encode" | "act" | "replay", number[]> = {
      click: [],
      snapshot: [],
      encode: [],
      act: [],
      replay: [],
    };
    const time = async (key: keyof typeof samples, run: () => Promise<unknown>): Promise<void> => {
      const started = performance.now();
      await run();
      samples[key].push(performance.now() - started);
    };
    for (let round = 0; round < ROUNDS; round++) {
      await time("click", () => client.request("browser.click", { ref }));
      await time("snapshot", () => client.request("browser.snapshot", { elements: true, maxChars: 100_000 }));
      await time("encode", () => client.request("body.encode_state", {}));
      await time("act", () => client.request("body.act", { type: "click", semantic_locator: locator }));
      await time("replay", async () => {
        const replayed = await client.request("body.replay", { edges: [edge] });
        if (!replayed.ok) throw new Error(`replay diverged: ${JSON.stringify(replayed.error)}`);
      });
    }
    const anchor = median(samples.click);
    console.log(`browser.click (anchor): ${describe(samples.click)}`);
    for (const key of ["snapshot", "encode", "act", "replay"] as const) {
      console.log(
        `${key === "snapshot" ? "browser.snapshot {elements}" : key === "encode" ? "body.encode_state" : key === "act" ? "body.act click" : "body.replay, 1 step"}: ${describe(samples[key])}; ×${(median(samples[key]) / anchor).toFixed(2)} of browser.click`,
      );
    }
  });
}

runBench(main);
