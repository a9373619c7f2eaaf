import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launchSharedBrowser } from "./bench/sharedBrowser.js";
import { serveStatic } from "./bench/staticServer.js";
import { describe, median, timeMany } from "./bench/stats.js";

/**
 * What the browser-use task provider adds per turn, in one Chromium with our extension:
 * a task of TURNS scroll actions, its model a local chat-completions server that answers
 * at once, against the anchor of the same action sent by an agent itself
 * (browseruse.act, which also answers the next State Object). The difference is the
 * provider's own cost: the model round trip over HTTP, reply validation, the step's store
 * writes and events.
 */
const TURNS = Number(process.env.TURNS ?? 40);

const PAGE = `<!doctype html><title>Scroll</title><h1>Rows</h1>${Array.from({ length: 60 }, (_, row) => `<p><label>Row ${row} <input name="r${row}"></label> <button>Save ${row}</button></p>`).join("")}`;

let modelCalls = 0;

/** The model: scroll TURNS times (distinct pixels, so no action repeats in a state), then finish. */
async function instantModel(): Promise<{ baseURL: string; close(): void }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const { messages } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages: Array<{ role: string }> };
      modelCalls++;
      const turn = messages.filter((message) => message.role === "assistant").length;
      const action =
        turn < TURNS
          ? { action: "scroll", direction: turn % 2 === 0 ? "down" : "up", pixels: 100 + turn }
          : { action: "finish_task", message: "done" };
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(action) } }] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => server.close() };
}

async function main(): Promise<void> {
  const model = await instantModel();
  process.env.OPENAI_BASE_URL = model.baseURL;
  const pages = await serveStatic(null, { "/rows.html": PAGE });
  const browser = await launchSharedBrowser();
  try {
    const { client } = browser;
    const url = `${pages.origin}/rows.html`;
    const { tabId } = await client.request("browser.navigate", { url });
    await client.request("browseruse.state", { tabId });
    let turn = 0;
    const act = () =>
      client.request("browseruse.act", { tabId, action: "scroll", direction: turn++ % 2 === 0 ? "down" : "up", pixels: 100 + turn });
    await timeMany(10, act);
    const anchor = await timeMany(TURNS, act);

    const { id } = await client.request("tasks.start", { goal: "scroll", provider: "browser-use", startUrl: url, maxSteps: TURNS + 5 });
    const done = await client.request("tasks.wait", { id }, { timeoutMs: 600_000 });
    if (done.status !== "succeeded") throw new Error(`the task ended ${done.status}: ${JSON.stringify(done.error)}`);
    const detail = await client.request("tasks.get", { id });
    const steps = detail.steps.filter((step) => step.action === "scroll").map((step) => step.durationMs);
    // From the end of the engine's open_tab step to the task's end: the model turns only.
    const opened = detail.steps[0];
    if (opened?.action !== "open_tab") throw new Error("the task's first step is not open_tab");
    const perTurn = (Date.parse(done.updatedAt) - (Date.parse(opened.startedAt) + opened.durationMs)) / (TURNS + 1);
    if (modelCalls !== TURNS + 1) throw new Error(`the model was asked ${modelCalls} times, not ${TURNS + 1}`);
    // The model's HTTP round trip alone, with a request of the size the task sent.
    const state = JSON.stringify(await client.request("browseruse.state", { tabId }));
    const body = JSON.stringify({
      model: "m",
      messages: [
        { role: "system", content: "x".repeat(2_500) },
        { role: "user", content: state },
      ],
    });
    const http = await timeMany(TURNS, () =>
      fetch(`${model.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(
        (response) => response.text(),
      ),
    );
    console.log(`anchor, browseruse.act scroll over the socket: ${describe(anchor)}`);
    console.log(`model HTTP round trip alone (${body.length} B request): ${describe(http)}`);
    console.log(`task steps (scroll + next State Object): ${describe(steps)}`);
    console.log(`task wall time per model turn (${TURNS} scrolls + finish_task, after the tab opened): ${perTurn.toFixed(1)} ms`);
    console.log(
      `per turn / anchor median: ${(perTurn / median(anchor)).toFixed(2)}; step / anchor at the median: ${(median(steps) / median(anchor)).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    pages.close();
    model.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
