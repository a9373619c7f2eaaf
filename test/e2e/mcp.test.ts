import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { COMMANDS } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { connectMcpHost } from "../helpers/mcpHost.js";

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("weboperator mcp, driven by the MCP SDK's own client over stdio", () => {
  let session: WebOperatorSession;
  let client: Client;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    client = await connectMcpHost(session);
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

  it("a host's first navigate, while another agent holds the visible tab, lands in a tab of its own", async () => {
    const holder = await session.connect();
    await holder.request("bridge.hello", { agent: "holder" });
    // The holder's tab is the one in front, as when another agent works where the person looks.
    const visible = (await holder.request("browser.tab_open", { url: `${session.pages.url("/agent-counter.html")}?who=holder`, active: true })).tabId;
    expect((await holder.request("browser.tabs_list", {})).visibleTabId).toBe(visible);
    const host = await connectMcpHost(session, "weboperator-e2e-second-host");
    try {
      const navigated = (await host.callTool({ name: "navigate", arguments: { url: `${session.pages.url("/agent-counter.html")}?who=host` } })) as CallToolResult;
      expect(navigated.isError, textOf(navigated)).toBeFalsy();
      const tabId = (navigated.structuredContent as { tabId: number }).tabId;
      expect(tabId).not.toBe(visible);
      const snapshot = (await host.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
      expect(snapshot.structuredContent).toMatchObject({ tabId, title: "Counter of host" });
      // The holder's tab, and the person's view, are untouched.
      const tabs = await holder.request("browser.tabs_list", {});
      expect(tabs.visibleTabId).toBe(visible);
      expect(tabs.tabs.find((tab) => tab.tabId === visible)?.title).toBe("Counter of holder");
    } finally {
      await host.close();
    }
  });
});
