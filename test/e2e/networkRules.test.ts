import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

const KINDS = ["img", "fetch", "xhr", "ws", "beacon"] as const;

/** A second local server, reached as localhost: it counts each kind of request per run. */
async function startCountingServer(): Promise<{ port: number; hits(run: number): Record<string, number>; close(): Promise<void> }> {
  const counts = new Map<string, number>();
  const count = (url: string | undefined): void => {
    const parsed = new URL(url ?? "/", "http://localhost");
    const key = `${parsed.searchParams.get("run")}:${parsed.pathname.slice(1)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    count(request.url);
    response.writeHead(200, {
      "access-control-allow-origin": "*",
      "content-type": request.url?.startsWith("/img") ? "image/gif" : "text/plain",
    });
    response.end(request.url?.startsWith("/img") ? Buffer.from("R0lGODlhAQABAAAAACwAAAAAAQABAAA=", "base64") : "ok");
  });
  // The upgrade request reaching us is the WebSocket connection attempt; it is counted and dropped.
  server.on("upgrade", (request, socket: Socket) => {
    count(request.url);
    socket.destroy();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: (run) => Object.fromEntries(KINDS.map((kind) => [kind, counts.get(`${run}:${kind}`) ?? 0])),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("the network layer: blocked hosts are blocked for every request an agent tab makes", () => {
  let session: WebOperatorSession;
  let counting: Awaited<ReturnType<typeof startCountingServer>>;
  let probe: (run: number) => string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    counting = await startCountingServer();
    probe = (run) => `${session.pages.url("/net-probe.html")}?target=${encodeURIComponent(`http://localhost:${counting.port}`)}&run=${run}`;
  });
  afterAll(async () => {
    await session?.close();
    await counting?.close();
  });

  const resultOf = async (): Promise<string> => {
    await session.client.request("browser.wait_for", { text: "beacon:", timeMs: 15_000 });
    return (await session.client.request("browser.extract", {})).text;
  };
  const allArrived = (hits: Record<string, number>): boolean => KINDS.every((kind) => (hits[kind] ?? 0) > 0);

  it("without a block, the probe reaches the other host every way (the detector sees each kind)", async () => {
    await session.client.request("browser.navigate", { url: probe(1) });
    const text = await resultOf();
    expect(text).toContain("img: loaded");
    expect(text).toContain("fetch: loaded");
    expect(text).toContain("xhr: loaded");
    await expect.poll(() => allArrived(counting.hits(1)), { timeout: 15_000 }).toBe(true);
  });

  it("blockedHosts: localhost stops img, fetch, XHR, WebSocket and beacon from the agent's tab, not from the user's", async () => {
    await session.client.request("browser.policy_set", { blockedHosts: ["localhost"] });
    const { tabId } = await session.client.request("browser.navigate", { url: probe(2) });
    const target = await session.launched.browser.waitForTarget(
      (candidate) => candidate.type() === "service_worker" && candidate.url().startsWith("chrome-extension://"),
    );
    const rules = (await (await target.worker())?.evaluate("chrome.declarativeNetRequest.getSessionRules()")) as Array<{
      condition: { regexFilter?: string; tabIds?: number[] };
    }>;
    expect(
      rules.some((rule) => rule.condition.regexFilter?.includes("localhost") === true && rule.condition.tabIds?.includes(tabId) === true),
    ).toBe(true);
    const text = await resultOf();
    for (const kind of ["img", "fetch", "xhr", "ws"]) expect(text).toContain(`${kind}: failed`);
    // The user's own tab is not an agent tab: the same page reaches the host, beacon included.
    const userPage = await session.launched.browser.newPage();
    await userPage.goto(probe(3));
    await expect.poll(() => allArrived(counting.hits(3)), { timeout: 15_000 }).toBe(true);
    await userPage.close();
    // By the time the user tab's later requests all arrived, none of the agent tab's had.
    expect(counting.hits(2)).toEqual({ img: 0, fetch: 0, xhr: 0, ws: 0, beacon: 0 });
  });

  it("the rules follow the policy back: once the tightening is gone, the agent tab reaches the host again", async () => {
    await setUserPolicy(session, null);
    await expect
      .poll(
        async () => {
          await session.client.request("browser.navigate", { url: probe(4) });
          return (await resultOf()).includes("fetch: loaded");
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect.poll(() => allArrived(counting.hits(4)), { timeout: 15_000 }).toBe(true);
  });
});
