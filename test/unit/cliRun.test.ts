import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FrameDecoder, encodeJsonFrame, type AgentRequest } from "../../protocol/index.js";
import { main } from "../../agent-client/cli.js";
import type { CliIo } from "../../agent-client/cli/io.js";

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/** Answers like the bridge would, from a table keyed by command type. */
function answer(request: AgentRequest): Record<string, unknown> {
  const id = request.id ?? null;
  if (request.token !== "good-token") return { id, error: "bad token", code: "unauthorized" };
  switch (request.type) {
    // Every CLI command speaks for the agent "cli" (or WEBOPERATOR_AGENT), so its commands share one route.
    case "bridge.hello": {
      const name = (request.payload as { agent: string }).agent;
      return {
        id,
        result: {
          agent: {
            id: `agent:${name}`,
            name,
            kind: "named",
            color: "grey",
            connections: 1,
            lastTabId: null,
            since: "2026-01-01T00:00:00.000Z",
          },
        },
      };
    }
    case "browser.snapshot":
      return {
        id,
        result: { tabId: 1, snapshotId: "s1", url: "u", title: "t", text: '- button "Go" [ref=sab1_1_1]', refCount: 1, truncated: false },
      };
    case "browser.extract":
      return { id, result: { tabId: 1, url: "u", text: "first page", fromChar: 0, totalChars: 20, nextChar: 10, truncated: true } };
    case "browser.screenshot":
      return {
        id,
        result: {
          tabId: 1,
          mimeType: "image/png",
          data: PNG_BYTES.toString("base64"),
          width: 8,
          height: 6,
          scale: 1,
          clip: { x: 0, y: 0, width: 8, height: 6 },
        },
      };
    case "browser.click":
      return { id, error: "ref sab1_1_1 is stale; take a new snapshot", code: "stale_ref", stage: "stale_ref" };
    default:
      return { id, result: { echo: request } };
  }
}

let dir: string;
let socket: string;
let server: Server;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "weboperator-cli-"));
  socket = join(dir, "bridge.sock");
  server = createServer((connection) => {
    const decoder = new FrameDecoder(1 << 20);
    connection.on("data", (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        if (frame.kind === "json") connection.write(encodeJsonFrame(answer(frame.value as AgentRequest)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  // Like the real bridge's: the client refuses a socket other users could reach.
  chmodSync(socket, 0o600);
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => (out += text),
    err: (text) => (err += text),
    stdoutIsTTY: false,
    env: { WEBOPERATOR_AGENT_SOCKET: socket, WEBOPERATOR_API_TOKEN: "good-token" },
    cwd: dir,
  };
  const code = await main(argv, io);
  return { code, out, err };
}

describe("weboperator against a bridge", () => {
  it("sends a raw request with id and token filled in, printing one JSON line", async () => {
    const { code, out } = await run(['{"type":"browser.navigate","payload":{"url":"https://a.test"}}', "--tab", "4"]);
    expect(code).toBe(0);
    expect(out.trim().split("\n")).toHaveLength(1);
    const response = JSON.parse(out) as { result: { echo: AgentRequest } };
    expect(response.result.echo).toMatchObject({
      type: "browser.navigate",
      token: "good-token",
      payload: { url: "https://a.test", tabId: 4 },
    });
    expect(response.result.echo.id).toBeDefined();
  });

  it("exits 1 and prints the error response for a raw request the bridge refuses", async () => {
    const { code, out } = await run(['{"type":"bridge.health"}', "--token", "wrong"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ code: "unauthorized" });
  });

  it("prints verb errors as `error [code] (stage: …): message`", async () => {
    const { code, out, err } = await run(["click", "sab1_1_1"]);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toBe("error [stale_ref] (stage: stale_ref): ref sab1_1_1 is stale; take a new snapshot\n");
  });

  it("prints the raw response for a verb with --json", async () => {
    const { code, out } = await run(["click", "sab1_1_1", "--json"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ code: "stale_ref" });
  });

  it("prints snapshot text", async () => {
    expect(await run(["snapshot"])).toMatchObject({ code: 0, out: '- button "Go" [ref=sab1_1_1]\n' });
  });

  it("prints extract text and hints at the next page on stderr", async () => {
    const { code, out, err } = await run(["extract", "--ref", "e1"]);
    expect(code).toBe(0);
    expect(out).toBe("first page\n");
    expect(err).toContain("weboperator extract --ref e1 --from 10");
  });

  it("writes screenshot bytes to the file", async () => {
    const { code, out } = await run(["screenshot", "-o", "shot.png"]);
    expect(code).toBe(0);
    expect(out).toContain(`${join(dir, "shot.png")} (${PNG_BYTES.byteLength} bytes, 8x6)`);
    expect(readFileSync(join(dir, "shot.png"))).toEqual(PNG_BYTES);
  });

  it("prints other results as JSON", async () => {
    const { code, out } = await run(["navigate", "https://example.com"]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ echo: { type: "browser.navigate", payload: { url: "https://example.com" } } });
  });

  it("exits 2 with the unreachable message when nothing listens", async () => {
    const { code, err } = await run(["health", "--socket", join(dir, "nobody.sock")]);
    expect(code).toBe(2);
    expect(err).toContain("cannot reach the WebOperator bridge");
  });

  it("exits 2 on usage errors without touching the socket", async () => {
    const { code, err } = await run(["scroll", "sideways"]);
    expect(code).toBe(2);
    expect(err).toContain("weboperator help");
    expect(existsSync(join(dir, "shot.png"))).toBe(false);
  });

  it("answers a setup command's own help, not the whole list", async () => {
    for (const argv of [
      ["help", "setup"],
      ["setup", "--help"],
      ["help", "install"],
      ["install", "--help"],
    ]) {
      const { code, out } = await run(argv);
      expect(code).toBe(0);
      expect(out).toMatch(/^usage: weboperator setup \[--browser NAME/);
      expect(out).toContain("`install` is the same command");
      expect(out).toContain("brave");
      expect(out).not.toContain("Perception:");
    }
    expect((await run(["help", "mcp", "config"])).out).toMatch(/^usage: weboperator mcp config /);
    expect((await run(["help", "mcp"])).out).toMatch(/^usage: weboperator mcp \[--caps/);
  });
});
