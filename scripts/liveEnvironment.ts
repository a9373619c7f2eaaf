import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LaunchedWebOperator } from "../agent-client/launch/launchWebOperator.js";
import { launchTempWebOperator } from "./tempWebOperator.js";

/** The page fuzzing and benchmarks act on: a little of everything a command can target. */
const TARGET_PAGE = `<!doctype html><title>Fuzz target</title>
<h1>Fuzz target</h1><p id="status" role="status">idle</p>
<button onclick="document.getElementById('status').textContent='clicked'">Press me</button>
<label>Name <input id="name"></label><label>Size <select><option>Small</option><option>Large</option></select></label>
<a href="/target">Again</a><input type="file" aria-label="Upload"><div style="height:2000px"></div>`;

export interface LiveEnvironment {
  launched: LaunchedWebOperator;
  targetUrl: string;
  /** A fresh URL under /canary/ each call. */
  canaryUrl: () => string;
  /** Requests the browser made to /canary/ (never, unless an unauthenticated command ran). */
  canaryHits: () => number;
  /** Requests to /control/, the canary detector's own proof that it sees fetches. */
  controlHits(): number;
  controlUrl(): string;
  close(): Promise<void>;
}

/** A real Chromium with the extension and its bridge, plus a 127.0.0.1 server that counts canary fetches. */
export async function startLiveEnvironment(): Promise<LiveEnvironment> {
  let canary = 0;
  let control = 0;
  let serial = 0;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (path.startsWith("/canary/")) canary++;
    if (path.startsWith("/control/")) control++;
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(path.startsWith("/target") ? TARGET_PAGE : "<title>ok</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchTempWebOperator("wo-fuzz-");
  return {
    launched: browser.launched,
    targetUrl: `${origin}/target`,
    canaryUrl: () => `${origin}/canary/${serial++}`,
    canaryHits: () => canary,
    controlHits: () => control,
    controlUrl: () => `${origin}/control/${serial++}`,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
    },
  };
}
