import { describe, expect } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { COMMANDS } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { findRef } from "../helpers/webOperatorSession.js";

const it = sessionTest();

/**
 * Each command's descriptor declares its recovery class and result trust once; browser.tools
 * lists them, and what reaches a model follows from them: UI-only details stay on the socket,
 * WebOperator's own results go out without a page-data boundary.
 */
describe("the tool descriptor: recovery class, result trust and UI-only details", () => {
  it("lists every tool's recovery class and result trust in browser.tools, as protocol/ declares them", async ({ session }) => {
    const { tools } = await session.client.request("browser.tools", {});
    expect(tools.length).toBeGreaterThan(40);
    for (const tool of tools) {
      const spec = COMMANDS[tool.name as keyof typeof COMMANDS];
      expect({ name: tool.name, recovery: tool.recovery, trust: tool.trust }).toEqual({
        name: tool.name,
        recovery: spec.recovery,
        trust: spec.trust,
      });
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("browser.snapshot")).toMatchObject({ recovery: "retry", trust: "page" });
    expect(byName.get("browser.click")).toMatchObject({ recovery: "reperceive", trust: "page" });
    expect(byName.get("browser.click_xy")).toMatchObject({ recovery: "none" });
    expect(byName.get("browser.policy_get")).toMatchObject({ recovery: "retry", trust: "own" });
  });

  it("answers a click's dispatch point and highlight box as details on the socket, and never to an MCP model", async ({ session }) => {
    const url = inlinePage(session.pages, `<button style="position:absolute; left:200px; top:120px; width:90px; height:30px">Go</button>`);
    await session.client.request("browser.navigate", { url });
    const ref = findRef((await session.client.request("browser.snapshot", {})).text, "button", "Go");
    const clicked = await session.client.request("browser.click", { ref });
    expect(clicked.details?.point?.x).toBeGreaterThanOrEqual(200);
    expect(clicked.details?.point?.x).toBeLessThanOrEqual(290);
    expect(clicked.details?.point?.y).toBeGreaterThanOrEqual(120);
    expect(clicked.details?.point?.y).toBeLessThanOrEqual(150);
    expect(clicked.details?.box).toMatchObject({ width: 90, height: 30 });

    const host = await connectMcpHost(session, "descriptor-host");
    try {
      // The MCP host is an agent of its own: it works in a tab of its own.
      await host.callTool({ name: "navigate", arguments: { url } });
      const snapshot = (await host.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
      const text = JSON.stringify(snapshot.content);
      const mcpRef = /button \\"Go\\" \[ref=([^\]]+)\]/.exec(text)?.[1];
      if (mcpRef === undefined) throw new Error(`no Go button in ${text.slice(0, 400)}`);
      const viaMcp = (await host.callTool({ name: "click", arguments: { ref: mcpRef } })) as CallToolResult;
      expect(viaMcp.isError).not.toBe(true);
      expect(JSON.stringify(viaMcp)).not.toContain('"details"');
      expect(JSON.stringify(viaMcp)).not.toContain('"point"');
    } finally {
      await host.close();
    }
  });

  it("gives an MCP model WebOperator's own results without a page-data boundary, and page results inside one", async ({ session }) => {
    const host = await connectMcpHost(session, "trust-host", ["--caps", "all"]);
    try {
      await host.callTool({ name: "navigate", arguments: { url: session.pages.url("/") } });
      const own = (await host.callTool({ name: "body_encode_state", arguments: {} })) as CallToolResult;
      expect(JSON.stringify(own.content)).not.toContain("<<<page-data");
      expect(JSON.stringify(own.content)).toContain("sha256:");
      const page = (await host.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
      expect(JSON.stringify(page.content)).toContain("<<<page-data");
    } finally {
      await host.close();
    }
  });
});
