import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { AddressInfo } from "node:net";
import { WebOperatorClient } from "../agent-client/client.js";
import { projectRoot } from "../bridge/install/projectLayout.js";
import { describe, quantile } from "./bench/stats.js";

/**
 * `npm run soak:launch`: starts and stops the browser RUNS times (default 50) the way a
 * person does, with `weboperator launch --headless` in its own temp profile and socket, and
 * times the ready line (from the command's start), then the first `bridge.health` and the
 * first snapshot of a 127.0.0.1 page (each from its request). Prints each one's distribution,
 * and flags every answer slower than SLOW_MS.
 */
const RUNS = Number(process.env.RUNS ?? 50);
const SLOW_MS = 3_000;
const PAGE = "<!doctype html><title>Soak</title><h1>Launch soak</h1><button>Ready</button>";

interface ReadyLine {
  socket: string;
  tokenFile: string;
}

interface LaunchTimes {
  ready: number;
  health: number;
  snapshot: number;
}

async function oneLaunch(url: string): Promise<LaunchTimes> {
  const root = mkdtempSync(join(tmpdir(), "wo-soak-launch-"));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(projectRoot(), "bin", "weboperator.js"),
      "launch",
      "--headless",
      "--user-data-dir",
      join(root, "profile"),
      "--socket",
      join(root, "bridge.sock"),
      "--config-dir",
      join(root, "config"),
    ],
    {
      env: { ...process.env, WEBOPERATOR_API_TOKEN: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    const ready = await readyLine(child);
    const readyAt = performance.now() - started;
    const token = readFileSync(ready.tokenFile, "utf8").trim();
    const client = await WebOperatorClient.connect({ socketPath: ready.socket, token });
    try {
      const healthStarted = performance.now();
      const health = await client.request("bridge.health", {}, { timeoutMs: 30_000 });
      if (!health.extension.connected) throw new Error("the ready line came before the extension connected");
      const healthMs = performance.now() - healthStarted;
      await client.request("browser.navigate", { url }, { timeoutMs: 30_000 });
      const snapshotStarted = performance.now();
      await client.request("browser.snapshot", {}, { timeoutMs: 30_000 });
      return { ready: readyAt, health: healthMs, snapshot: performance.now() - snapshotStarted };
    } finally {
      client.close();
    }
  } finally {
    await stop(child);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

function readyLine(child: ChildProcess): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.once("line", (line) => resolve(JSON.parse(line) as ReadyLine));
    child.once("exit", (code) => reject(new Error(`weboperator launch exited (${code}) before its ready line: ${stderr.slice(-500)}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function main(): Promise<void> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const runs: LaunchTimes[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const times = await oneLaunch(url);
      runs.push(times);
      const slow = times.health > SLOW_MS || times.snapshot > SLOW_MS;
      console.log(
        `run ${run}: ready line ${times.ready.toFixed(0)} ms; first health ${times.health.toFixed(1)} ms; first snapshot ${times.snapshot.toFixed(1)} ms${slow ? "  <- an answer slower than 3 s" : ""}`,
      );
    }
  } finally {
    server.close();
  }
  for (const key of ["ready", "health", "snapshot"] as const) {
    const samples = runs.map((times) => times[key]);
    console.log(`${key.padEnd(8)} ${describe(samples, 1)}, max ${quantile(samples, 1).toFixed(1)} ms`);
  }
  const slowRuns = runs.filter((times) => times.health > SLOW_MS || times.snapshot > SLOW_MS).length;
  console.log(`${slowRuns} of ${runs.length} launches had a first answer slower than ${SLOW_MS} ms.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
