import { WebOperatorClient } from "../../agent-client/client.js";
import {
  FRAME_CATEGORIES,
  UNAUTHENTICATED_ID_PREFIX,
  encode,
  garbageBodyFrame,
  healthRequest,
  mutatedRequest,
  oversizedFrame,
  pickCategory,
  splitBytes,
  unauthenticatedRequest,
  wrongShapeValue,
  type FrameCategory,
  type RequestFactory,
} from "./frameCases.js";
import { FuzzConnection } from "./fuzzConnection.js";
import { rssKb } from "./processRss.js";
import { SeededRandom } from "./seededRandom.js";

export interface FrameFuzzOptions {
  socket: string;
  token: string;
  bridgePid: number;
  frames: number;
  seed: number;
  /** A fresh URL the browser would fetch if an unauthenticated command ever ran. */
  canaryUrl: () => string;
  /** How many canary URLs the browser has fetched so far. */
  canaryHits: () => number;
  checkEvery?: number;
  log?: (line: string) => void;
}

export interface FrameFuzzReport {
  seed: number;
  frames: number;
  byCategory: Record<FrameCategory, number>;
  responses: number;
  unauthenticatedRefused: number;
  /** Must stay 0: a `result` answering a request without a valid token. */
  unauthenticatedResults: number;
  /** Must stay 0: canary URLs the browser fetched, which only unauthenticated requests named. */
  canaryFetches: number;
  healthChecks: number;
  healthFailures: string[];
  /** The bridge's resident memory: at start, its peak, at the end, and at each health check (after `frames` frames). */
  rssKb: { start: number | null; max: number | null; end: number | null; samples: Array<{ frames: number; kb: number }> };
  durationMs: number;
}

const POOL_SIZE = 4;
const MAX_THROWAWAY = 24;
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Sends `frames` hostile frames to a live bridge and checks, every `checkEvery` frames,
 * that a fresh connection still gets bridge.health and that nothing unauthenticated ran.
 */
export async function runFrameFuzz(options: FrameFuzzOptions): Promise<FrameFuzzReport> {
  const random = new SeededRandom(options.seed);
  const started = Date.now();
  let nextId = 1;
  const factory: RequestFactory = { token: options.token, canaryUrl: options.canaryUrl, nextId: () => nextId++ };
  const byCategory = Object.fromEntries(FRAME_CATEGORIES.map((category) => [category, 0])) as Record<FrameCategory, number>;
  const report: FrameFuzzReport = {
    seed: options.seed,
    frames: 0,
    byCategory,
    responses: 0,
    unauthenticatedRefused: 0,
    unauthenticatedResults: 0,
    canaryFetches: 0,
    healthChecks: 0,
    healthFailures: [],
    rssKb: { start: rssKb(options.bridgePid), max: rssKb(options.bridgePid), end: null, samples: [] },
    durationMs: 0,
  };
  const onResponse = (value: unknown): void => {
    report.responses++;
    if (typeof value !== "object" || value === null) return;
    const id = "id" in value ? value.id : null;
    if (typeof id !== "string" || !id.startsWith(UNAUTHENTICATED_ID_PREFIX)) return;
    if ("result" in value) {
      report.unauthenticatedResults++;
      options.log?.(`BREACH: ${JSON.stringify(value).slice(0, 300)}`);
    } else report.unauthenticatedRefused++;
  };

  const pool: FuzzConnection[] = [];
  const pooled = async (): Promise<FuzzConnection> => {
    const index = random.int(0, POOL_SIZE - 1);
    const existing = pool[index];
    if (existing && !existing.closed) return existing;
    const fresh = await FuzzConnection.open(options.socket, onResponse);
    pool[index] = fresh;
    return fresh;
  };
  const throwaways = new Set<Promise<void>>();
  const throwaway = async (): Promise<FuzzConnection> => {
    while (throwaways.size >= MAX_THROWAWAY) await Promise.race(throwaways);
    const connection = await FuzzConnection.open(options.socket, onResponse);
    const done = connection.done.then(() => void throwaways.delete(done));
    throwaways.add(done);
    // A peer that never closes its side must not pin the fuzzer.
    setTimeout(() => connection.destroy(), 2_000).unref();
    return connection;
  };

  const checkEvery = options.checkEvery ?? 1_000;
  let nextCheck = checkEvery;
  while (report.frames < options.frames) {
    const category = pickCategory(random);
    const sent = await sendCase(category, random, factory, pooled, throwaway);
    byCategory[category] += sent;
    report.frames += sent;
    if (report.frames >= nextCheck || report.frames >= options.frames) {
      nextCheck += checkEvery;
      await checkpoint(options, report);
      if (report.healthFailures.length > 0 || report.unauthenticatedResults + report.canaryFetches > 0) break;
    }
  }
  await Promise.all(throwaways);
  for (const connection of pool) connection?.destroy();
  report.rssKb.end = rssKb(options.bridgePid);
  report.durationMs = Date.now() - started;
  return report;
}

async function sendCase(
  category: FrameCategory,
  random: SeededRandom,
  factory: RequestFactory,
  pooled: () => Promise<FuzzConnection>,
  throwaway: () => Promise<FuzzConnection>,
): Promise<number> {
  switch (category) {
    case "random-bytes": {
      const connection = await throwaway();
      connection.write(random.chance(0.5) ? random.bytes(random.int(1, 64)) : garbageBodyFrame(random));
      connection.end();
      return 1;
    }
    case "truncated": {
      const connection = await throwaway();
      const whole = encode(random.chance(0.5) ? unauthenticatedRequest(random, factory) : healthRequest(factory));
      connection.write(whole.subarray(0, random.int(1, whole.byteLength - 1)));
      connection.end();
      return 1;
    }
    case "oversized": {
      const connection = await throwaway();
      connection.write(oversizedFrame(random, factory));
      connection.end();
      return 1;
    }
    case "split": {
      const connection = await pooled();
      const value = random.chance(0.5) ? unauthenticatedRequest(random, factory) : healthRequest(factory);
      await connection.writeSplit(splitBytes(encode(value), random));
      return 1;
    }
    case "wrong-shape": {
      (await pooled()).write(encode(wrongShapeValue(random, factory)));
      return 1;
    }
    case "mutated": {
      (await pooled()).write(encode(mutatedRequest(random, factory)));
      return 1;
    }
    case "unauthenticated": {
      (await pooled()).write(encode(unauthenticatedRequest(random, factory)));
      return 1;
    }
    case "flood": {
      const count = random.int(20, 120);
      const frames = Array.from({ length: count }, () =>
        encode(random.chance(0.5) ? healthRequest(factory) : unauthenticatedRequest(random, factory)),
      );
      const joined = Buffer.concat(frames);
      if (random.chance(0.3)) {
        // A client that floods and never reads its answers, then vanishes.
        const connection = await throwaway();
        connection.socket.pause();
        connection.write(joined);
        setTimeout(() => connection.destroy(), 50);
      } else {
        (await pooled()).write(joined);
      }
      return count;
    }
  }
}

async function checkpoint(options: FrameFuzzOptions, report: FrameFuzzReport): Promise<void> {
  report.healthChecks++;
  const rss = rssKb(options.bridgePid);
  if (rss !== null) {
    report.rssKb.max = Math.max(report.rssKb.max ?? 0, rss);
    report.rssKb.samples.push({ frames: report.frames, kb: rss });
  }
  try {
    const client = await WebOperatorClient.connect({ socketPath: options.socket, token: options.token });
    try {
      let timer: NodeJS.Timeout | undefined;
      const watchdog = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no bridge.health answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
      });
      const health = await Promise.race([client.request("bridge.health", {}, { timeoutMs: HEALTH_TIMEOUT_MS }), watchdog]).finally(() =>
        clearTimeout(timer),
      );
      if (health.bridge.pid !== options.bridgePid)
        report.healthFailures.push(`after ${report.frames} frames another bridge (pid ${health.bridge.pid}) answers: the first one died`);
    } finally {
      client.close();
    }
  } catch (error) {
    report.healthFailures.push(`after ${report.frames} frames: ${error instanceof Error ? error.message : String(error)}`);
  }
  report.canaryFetches = options.canaryHits();
  if (report.canaryFetches > 0)
    options.log?.(`BREACH: the browser fetched ${report.canaryFetches} canary URL(s) only unauthenticated requests named`);
  options.log?.(
    `${report.frames} frames, ${report.responses} responses, ${report.unauthenticatedRefused} unauthenticated refused, bridge RSS ${rss ?? "?"} KiB`,
  );
}
