import { createServer, type Server } from "node:http";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { AddressInfo } from "node:net";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { WebOperatorClient } from "../agent-client/client.js";
import { builtExtensionDir, projectRoot } from "../bridge/install/projectLayout.js";
import { installHost } from "../bridge/install/hostRegistration.js";
import { readTokenFile } from "../bridge/config/token.js";
import { findBrowser } from "../agent-client/launch/findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "../agent-client/launch/chromiumFlags.js";

/**
 * Our browser.snapshot through the socket against Playwright's page.ariaSnapshot({mode:
 * "ai"}), on the same pages in the same browser. Prints per-page time ratios and sizes.
 * Pages: ../shared/corpus/readability-dev when present, else this repo's fixtures.
 */
const RUNS = Number(process.env.RUNS ?? 5);
const BUDGET = 12_000;

interface Row {
  page: string;
  oursMs: number;
  playwrightMs: number;
  oursChars: number;
  playwrightChars: number;
  truncated: boolean;
}

async function main(): Promise<void> {
  const { root, pages, label } = pageSet();
  const server = await serve(root);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBothWays();
  const rows: Row[] = [];
  try {
    const client = browser.client;
    for (const page of pages) {
      const url = `${origin}/${page}`;
      try {
        const opened = await client.request("browser.navigate", { url }, { timeoutMs: 60_000 });
        const pwPage = findPage(browser.context.pages(), opened.url);
        if (!pwPage) throw new Error("Playwright does not see the tab");
        const ours = await timeRuns(() => client.request("browser.snapshot", { maxChars: BUDGET }));
        const theirs = await timeRuns(() => pwPage.ariaSnapshot({ mode: "ai" }));
        rows.push({
          page,
          oursMs: ours.medianMs,
          playwrightMs: theirs.medianMs,
          oursChars: ours.last.text.length,
          playwrightChars: theirs.last.length,
          truncated: ours.last.truncated,
        });
      } catch (error) {
        console.error(`skipped ${page}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  report(rows, label);
}

/**
 * One Chromium driven by both: Playwright launches it (so page.ariaSnapshot runs on the
 * very tabs we snapshot) with our extension loaded, and our bridge serves the socket.
 */
async function launchBothWays(): Promise<{ client: WebOperatorClient; context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "wo-bench-"));
  const socket = join(profile, "bridge.sock");
  const report = installHost({ userDataDir: profile, socket, configDir: join(profile, "config") });
  const extension = builtExtensionDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findBrowser() ?? "/usr/bin/chromium",
    headless: true,
    args: [...OFFLINE_SAFE_CHROMIUM_FLAGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    env: { ...process.env, WEBOPERATOR_AGENT_SOCKET: socket, WEBOPERATOR_API_TOKEN: "" },
  });
  const token = readTokenFile(report.tokenFile);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const client = await WebOperatorClient.connect({ socketPath: socket, token });
      if ((await client.request("bridge.health", {})).extension.connected) {
        return {
          client,
          context,
          async close() {
            const bridgePid = (await client.request("bridge.health", {})).bridge.pid;
            client.close();
            await context.close();
            process.kill(bridgePid, "SIGTERM");
            rmSync(profile, { recursive: true, force: true });
          },
        };
      }
      client.close();
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error("the extension never connected to the bridge (does this Chromium accept --load-extension?)");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function pageSet(): { root: string; pages: string[]; label: string } {
  const corpus = join(projectRoot(), "..", "shared", "corpus", "readability-dev");
  if (existsSync(corpus)) return { root: corpus, pages: htmlFiles(corpus, corpus), label: `corpus ${corpus}` };
  const fixtures = join(projectRoot(), "test", "fixtures");
  console.error(`note: ${corpus} is missing; measuring this repo's fixture pages instead`);
  return { root: fixtures, pages: htmlFiles(fixtures, fixtures), label: "test/fixtures (corpus missing)" };
}

function htmlFiles(dir: string, root: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, root);
    return name.endsWith(".html") ? [relative(root, path)] : [];
  });
}

function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = join(root, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    if (!path.startsWith(root) || !existsSync(path) || statSync(path).isDirectory()) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": path.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream" });
    response.end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function findPage(pages: Page[], url: string): Page | undefined {
  return pages.find((page) => page.url() === url);
}

async function timeRuns<T>(run: () => Promise<T>): Promise<{ medianMs: number; last: T }> {
  let last = await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await run();
    samples.push(performance.now() - started);
  }
  return { medianMs: quantile(samples, 0.5), last };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function report(rows: Row[], label: string): void {
  console.log(`pages: ${rows.length} from ${label}; ${RUNS} timed runs each after a warm-up; budget ${BUDGET} chars`);
  console.log("page | ours ms | playwright ms | ratio | ours chars | playwright chars");
  for (const row of rows) {
    console.log(`${row.page} | ${row.oursMs.toFixed(1)} | ${row.playwrightMs.toFixed(1)} | ${(row.oursMs / row.playwrightMs).toFixed(2)} | ${row.oursChars} | ${row.playwrightChars}`);
  }
  const ratios = rows.map((row) => row.oursMs / row.playwrightMs);
  const ours = rows.map((row) => row.oursChars);
  const theirs = rows.map((row) => row.playwrightChars);
  const overBudget = rows.filter((row) => row.oursChars > BUDGET + 600).length;
  console.log(`time ratio ours/playwright: median ${quantile(ratios, 0.5).toFixed(2)}, p90 ${quantile(ratios, 0.9).toFixed(2)}`);
  console.log(`size chars: ours median ${quantile(ours, 0.5)}, p90 ${quantile(ours, 0.9)}; playwright median ${quantile(theirs, 0.5)}, p90 ${quantile(theirs, 0.9)}`);
  console.log(`pages within ${BUDGET} chars: ours ${ours.filter((n) => n <= BUDGET).length}/${rows.length}, playwright ${theirs.filter((n) => n <= BUDGET).length}/${rows.length}; ours over budget (only allowed when visible interactive lines alone exceed it): ${overBudget}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
