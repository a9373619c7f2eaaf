import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import { COMMANDS } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const BIN = join(projectRoot(), "bin", "weboperator.js");

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("weboperator mcp, driven by the MCP SDK's own client over stdio", () => {
  let session: WebOperatorSession;
  let client: Client;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    // Socket and token from the environment and the token file, exactly as for the CLI.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      env: { PATH: process.env.PATH ?? "", WEBOPERATOR_AGENT_SOCKET: session.launched.socket, WEBOPERATOR_CONFIG_DIR: session.launched.configDir },
      stderr: "pipe",
    });
    client = new Client({ name: "weboperator-e2e", version: "1.0.0" });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await session?.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  it("lists one tool per command of protocol/'s table, with its description and input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(Object.keys(COMMANDS).length);
    const snapshot = tools.find((tool) => tool.name === "snapshot");
    expect(snapshot?.description).toContain(COMMANDS["browser.snapshot"].description);
    const click = tools.find((tool) => tool.name === "click");
    expect(click?.inputSchema).toMatchObject({ type: "object", required: ["ref"], additionalProperties: false });
    expect(click?.annotations).toMatchObject({ readOnlyHint: false });
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["bridge_health", "screenshot", "tasks_start", "navigate"]));
  });

  it("navigates, snapshots, clicks a ref and sees the page change", async () => {
    const navigated = await call("navigate", { url: session.pages.url("/chain.html") });
    expect(navigated.isError).toBeFalsy();
    const snapshot = await call("snapshot");
    expect(snapshot.isError).toBeFalsy();
    const text = textOf(snapshot);
    expect(text).toContain("# Page Snapshot");
    expect(snapshot.structuredContent).toMatchObject({ text, source: "dom" });
    const clicked = await call("click", { ref: findRef(text, "button", "Express shipping") });
    expect(clicked.isError).toBeFalsy();
    expect(clicked.structuredContent).toMatchObject({ target: { role: "button", name: "Express shipping" } });
    const after = await call("extract");
    expect(textOf(after)).toContain("Toggled true");
  });

  it("answers a screenshot as image content", async () => {
    const shot = await call("screenshot");
    expect(shot.isError).toBeFalsy();
    const image = shot.content.find((part) => part.type === "image");
    if (image?.type !== "image") throw new Error("no image content");
    expect(image.mimeType).toBe("image/png");
    expect(Buffer.from(image.data, "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(shot.structuredContent).toMatchObject({ mimeType: "image/png" });
    expect(shot.structuredContent).not.toHaveProperty("data");
  });

  it("turns WebOperator errors into MCP tool errors carrying the code", async () => {
    const stale = await call("click", { ref: "sabcde_1_1" });
    expect(stale.isError).toBe(true);
    expect(stale.structuredContent).toMatchObject({ code: "stale_ref" });
    expect(textOf(stale)).toContain("error [stale_ref]");
    const invalid = await call("scroll", { direction: "sideways" });
    expect(invalid).toMatchObject({ isError: true, structuredContent: { code: "bad_request" } });
    const unknown = await call("teleport");
    expect(unknown).toMatchObject({ isError: true, structuredContent: { code: "unknown_command" } });
  });
});
