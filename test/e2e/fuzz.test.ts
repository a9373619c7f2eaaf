import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebOperatorClient } from "../../agent-client/client.js";
import { runFrameFuzz } from "../../scripts/fuzz/frameFuzz.js";
import { startLiveEnvironment, type LiveEnvironment } from "../../scripts/liveEnvironment.js";
import { runPayloadFuzz } from "../../scripts/fuzz/payloadFuzz.js";

/** The CI form of `npm run fuzz`: same generators, fewer frames, a fixed seed. */
describe("fuzzing a live bridge (short form of npm run fuzz)", () => {
  let environment: LiveEnvironment;
  const connect = (): Promise<WebOperatorClient> =>
    WebOperatorClient.connect({ socketPath: environment.launched.socket, token: environment.launched.token });

  beforeAll(async () => {
    environment = await startLiveEnvironment();
  });
  afterAll(async () => {
    await environment?.close();
  });

  it("survives 5,000 hostile frames and never runs an unauthenticated command", async () => {
    const client = await connect();
    // The breach detector must be able to see a fetch, or a zero below would prove nothing.
    await client.request("browser.navigate", { url: environment.controlUrl() });
    expect(environment.controlHits()).toBe(1);
    client.close();
    const report = await runFrameFuzz({
      socket: environment.launched.socket,
      token: environment.launched.token,
      bridgePid: environment.launched.bridgePid ?? -1,
      frames: 5_000,
      seed: 12,
      canaryUrl: environment.canaryUrl,
      canaryHits: environment.canaryHits,
    });
    expect(report.frames).toBeGreaterThanOrEqual(5_000);
    for (const count of Object.values(report.byCategory)) expect(count).toBeGreaterThan(0);
    expect(report.healthFailures).toEqual([]);
    expect(report.healthChecks).toBeGreaterThanOrEqual(5);
    expect(report.unauthenticatedRefused).toBeGreaterThan(0);
    expect(report.unauthenticatedResults).toBe(0);
    expect(report.canaryFetches).toBe(0);
  });

  it("answers every browser command's fuzzed payload with a result or a typed error", async () => {
    const client = await connect();
    const report = await runPayloadFuzz(client, connect, environment.targetUrl, 2, 7);
    client.close();
    expect(report.commands).toBeGreaterThan(40);
    expect(report.untyped).toEqual([]);
    expect(report.healthFailures).toEqual([]);
    expect(report.outcomes.bad_request).toBeGreaterThan(0);
  });
});
