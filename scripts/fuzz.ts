import { runFrameFuzz, type FrameFuzzReport } from "./fuzz/frameFuzz.js";
import { startLiveEnvironment } from "./liveEnvironment.js";
import { runPayloadFuzz, type PayloadFuzzReport } from "./fuzz/payloadFuzz.js";
import { WebOperatorClient } from "../agent-client/client.js";
import { MAX_SLOPE_KB, memorySlope } from "./fuzz/memorySlope.js";

/**
 * `npm run fuzz [-- --frames N --seed S --per-command N]`: hostile frames at a real
 * bridge socket, then every browser command's payload through the schemas against a
 * live page. Exits 1 on any breach, crash or untyped answer.
 */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} wants a number`);
  return value;
}

async function main(): Promise<void> {
  const frames = option("frames", 100_000);
  const seed = option("seed", 20261201);
  const perCommand = option("per-command", 25);
  const environment = await startLiveEnvironment();
  let frameReport: FrameFuzzReport;
  let payloadReport: PayloadFuzzReport;
  const { launched } = environment;
  try {
    const connect = (): Promise<WebOperatorClient> => WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
    const client = await connect();
    // The canary detector's own proof: an authenticated navigation to /control/ is seen.
    await client.request("browser.navigate", { url: environment.controlUrl() });
    if (environment.controlHits() === 0)
      throw new Error("the canary server did not see an authenticated navigation; the breach check would be blind");
    frameReport = await runFrameFuzz({
      socket: launched.socket,
      token: launched.token,
      bridgePid: launched.bridgePid ?? -1,
      frames,
      seed,
      canaryUrl: environment.canaryUrl,
      canaryHits: environment.canaryHits,
      log: (line) => console.error(line),
    });
    payloadReport = await runPayloadFuzz(client, connect, environment.targetUrl, perCommand, seed);
    client.close();
  } finally {
    await environment.close();
  }
  const slope = memorySlope(frameReport.rssKb.samples);
  console.log(JSON.stringify({ frames: frameReport, payloads: payloadReport, bridgeMemorySlope: slope }, null, 2));
  const failures = [
    ...frameReport.healthFailures,
    ...(frameReport.unauthenticatedResults > 0 ? [`${frameReport.unauthenticatedResults} unauthenticated requests got a result`] : []),
    ...(frameReport.canaryFetches > 0 ? [`${frameReport.canaryFetches} canary URLs fetched`] : []),
    ...(slope.kbPer10kFrames > MAX_SLOPE_KB
      ? [
          `bridge RSS still grows by ${slope.kbPer10kFrames.toFixed(0)} KiB per 10,000 frames over the run's second half (bound ${MAX_SLOPE_KB})`,
        ]
      : []),
    ...payloadReport.untyped,
    ...payloadReport.healthFailures.map((when) => `bridge.health failed ${when}`),
  ];
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
