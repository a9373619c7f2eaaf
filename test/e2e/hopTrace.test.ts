import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isErrorResponse } from "../../protocol/index.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

describe("traceHops: a request's step durations from the bridge, the service worker and the page", () => {
  let session: WebOperatorSession;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    await session.client.request("browser.navigate", { url: session.pages.url("/form.html") });
  });
  afterAll(async () => {
    await session?.close();
  });

  it("answers a traced snapshot with every hop, in the order it ran, adding up to no more than the round trip", async () => {
    // Any other page op drops the snapshot the navigate prepared, so this one is built afresh.
    await session.client.request("browser.find_in_page", { query: "Name" });
    const started = performance.now();
    const response = await session.client.send({ type: "browser.snapshot", payload: {}, traceHops: true });
    const roundTrip = performance.now() - started;
    if (isErrorResponse(response)) throw new Error(response.error);
    expect(response.hops?.map((hop) => hop.hop)).toEqual([
      "bridge: socket read and frame parse",
      "bridge: envelope, auth, route, payload check",
      "bridge: request envelope",
      "native port, both ways (Chrome)",
      "worker: message check",
      "worker: payload check",
      "worker: gate, policy read",
      "worker: gate, tab read",
      "worker: gate, agent and page checks",
      "worker: tool before the page",
      "content port, both ways (Chrome)",
      "page: request check",
      "page: cache check (miss)",
      "page: style and layout",
      "page: framework-handler scan",
      "page: walk (roles, names, visibility, text)",
      "page: refs",
      "page: render and budget",
      "page: cache store (page state, observers)",
      "page: snapshot",
      "worker: content reply check",
      "worker: tool after the page",
      "worker: result check",
      "bridge: response envelope check",
      "bridge: result check",
    ]);
    const total = (response.hops ?? []).reduce((sum, hop) => sum + hop.ms, 0);
    expect(total).toBeLessThanOrEqual(roundTrip);
    expect((response.result as { text: string }).text).toContain("textbox");

    // The unchanged page again: the cache answers, and no walk is timed.
    const repeat = await session.client.send({ type: "browser.snapshot", payload: {}, traceHops: true });
    if (isErrorResponse(repeat)) throw new Error(repeat.error);
    const pageHops = repeat.hops?.map((hop) => hop.hop).filter((name) => name.startsWith("page:"));
    expect(pageHops).toEqual(["page: request check", "page: cache check (hit: framework-handler scan, page state)", "page: snapshot"]);
  });

  it("answers a navigate once the page has prepared its first snapshot, so the snapshot asked for at once is a cache hit", async () => {
    const navigated = await session.client.send({
      type: "browser.navigate",
      payload: { url: session.pages.url("/form.html?prepared") },
      traceHops: true,
    });
    if (isErrorResponse(navigated)) throw new Error(navigated.error);
    const navigateHops = navigated.hops?.map((hop) => hop.hop) ?? [];
    expect(navigateHops.indexOf("worker: first snapshot prepared, tab read")).toBeGreaterThan(
      navigateHops.indexOf("worker: navigation, to DOMContentLoaded (and a prompt load)"),
    );
    // Asked at once, as a script would: the page is static, so what it prepared still holds.
    const first = await session.client.send({ type: "browser.snapshot", payload: {}, traceHops: true });
    if (isErrorResponse(first)) throw new Error(first.error);
    expect(first.hops?.map((hop) => hop.hop)).toContain("page: cache check (hit: framework-handler scan, page state)");
    expect((first.result as { text: string }).text).toContain("textbox");
  });

  it("adds nothing to an untraced answer, and traces a command no page answers without page hops", async () => {
    const plain = await session.client.send({ type: "browser.snapshot", payload: {} });
    expect(plain).not.toHaveProperty("hops");
    const policy = await session.client.send({ type: "browser.policy_get", payload: {}, traceHops: true });
    if (isErrorResponse(policy)) throw new Error(policy.error);
    const names = policy.hops?.map((hop) => hop.hop) ?? [];
    expect(names).toContain("native port, both ways (Chrome)");
    expect(names.some((name) => name.startsWith("page:"))).toBe(false);
  });

  it("traces a command the bridge answers itself without any extension hop", async () => {
    const health = await session.client.send({ type: "bridge.health", payload: {}, traceHops: true });
    if (isErrorResponse(health)) throw new Error(health.error);
    expect(health.hops?.map((hop) => hop.hop)).toEqual([
      "bridge: socket read and frame parse",
      "bridge: route, payload check, handler, result check",
    ]);
  });
});
