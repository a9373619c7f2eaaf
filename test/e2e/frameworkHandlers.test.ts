import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { buildFrameworkFixtures, FRAMEWORK_FIXTURES, type BuiltFixtures } from "../helpers/frameworkFixtures.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { unmarkPageStrings, type CommandType } from "../../protocol/index.js";
import { lineWith, refOf, withoutIds } from "../helpers/snapshotLines.js";

/** One browser tool call, by its short name, answering the result object: the socket and MCP alike. */
type ToolCall = (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

async function snapshotText(call: ToolCall): Promise<string> {
  const { text } = await call("snapshot", {});
  if (typeof text !== "string") throw new Error("snapshot without text");
  return text;
}

async function expectStatus(call: ToolCall, status: string): Promise<void> {
  const { matched } = await call("wait_for", { text: `Status: ${status}`, timeMs: 5_000 });
  if (matched !== true) throw new Error(`the page never said "Status: ${status}":\n${await snapshotText(call)}`);
}

/**
 * Each fixture app, bundled with the real library, has a span with a click handler and no
 * pointer cursor, a div with a context-menu handler around a heading, a span with only a
 * mousedown handler and a div with only a keydown handler. None has a listener of its own
 * where the framework delegates (React, Svelte, jQuery's `.on(selector)`).
 */
async function exerciseFixture(call: ToolCall, url: string): Promise<void> {
  await call("navigate", { url });
  await expectStatus(call, "idle");
  const text = await snapshotText(call);
  const report = lineWith(text, "Open report");
  expect(report).not.toContain("[listener=");
  expect(lineWith(text, "Quarterly numbers")).toContain("[listener=contextmenu]");
  expect(lineWith(text, "Start drag")).not.toContain("[listener=");
  expect(lineWith(text, "Shortcut pad")).toContain("[listener=keydown]");
  expect(lineWith(text, "Plain words")).not.toContain("[ref=");

  await call("click", { ref: refOf(report) });
  await expectStatus(call, "clicked Open report");
  await call("click", { ref: refOf(lineWith(text, "Quarterly numbers")), button: "right" });
  await expectStatus(call, "context menu on Quarterly numbers");
  await call("click", { ref: refOf(lineWith(text, "Start drag")) });
  await expectStatus(call, "mousedown on Start drag");
  await call("press", { ref: refOf(lineWith(text, "Shortcut pad")), key: "Enter" });
  await expectStatus(call, "key Enter on Shortcut pad");
}

describe("handlers that frameworks delegate get refs (React 18 and 19, Preact, Vue, Svelte, jQuery)", () => {
  let session: WebOperatorSession;
  let built: BuiltFixtures;
  let host: Client;

  beforeAll(async () => {
    built = await buildFrameworkFixtures();
    session = await startWebOperatorSession();
    session.pages.serveDirectory("built", built.directory);
    // Structured results, so the fixture checks read the same fields as over the socket.
    host = await connectMcpHost(session, "weboperator-e2e", ["--structured"]);
  });
  afterAll(async () => {
    await host?.close();
    await session?.close();
    built?.remove();
  });

  const overSocket: ToolCall = async (tool, args) => {
    const type = `browser.${tool}` as CommandType;
    return await session.client.request(type, args);
  };
  const overMcp: ToolCall = async (tool, args) => {
    const result = (await host.callTool({ name: tool, arguments: args })) as CallToolResult;
    const text = result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
    if (result.isError === true) throw new Error(`${tool} failed over MCP: ${text}`);
    return unmarkPageStrings(result.structuredContent ?? {}) as Record<string, unknown>;
  };

  for (const { name } of FRAMEWORK_FIXTURES) {
    it(`${name}: click, right-click, mousedown and key handlers get refs and work through the socket`, async () => {
      await exerciseFixture(overSocket, session.pages.url(`/built/${name}.html`));
    });
    it(`${name}: the same through MCP`, async () => {
      await exerciseFixture(overMcp, session.pages.url(`/built/${name}.html`));
    });
  }

  // jQuery's delegated selectors are resolved by the DOM snapshot only. Chrome's accessibility
  // tree, which deep perception samples, leaves out a plain text span with no listener of its
  // own, so the delegated click and mousedown spans are the DOM snapshot's to find.
  for (const { name } of FRAMEWORK_FIXTURES.filter((fixture) => fixture.name !== "jquery")) {
    it(`${name}: read_page_deep {listeners: true} finds the framework's context-menu and key handlers, and they work`, async () => {
      await overSocket("navigate", { url: session.pages.url(`/built/${name}.html`) });
      await expectStatus(overSocket, "idle");
      const deep = await session.client.request("browser.read_page_deep", { listeners: true });
      expect(deep.text).toMatch(/- generic \[listener=contextmenu\] \[ref=[^\]]+\]\n\s+- heading "Quarterly numbers"/);
      expect(lineWith(deep.text, "Plain words")).not.toContain("[ref=");
      await session.client.request("browser.click_deep", { ref: refOf(lineWith(deep.text, '"Shortcut pad" [listener=keydown]')) });
      await overSocket("press", { key: "Enter" });
      await expectStatus(overSocket, "key Enter on Shortcut pad");
    });
  }

  it("a handler the page takes away takes its ref with it at the next snapshot", async () => {
    const url = session.pages.url("/built/jquery.html");
    await overSocket("navigate", { url });
    await expectStatus(overSocket, "idle");
    expect(lineWith(await snapshotText(overSocket), "Quarterly numbers")).toContain("[ref=");
    const page = (await session.launched.browser.pages()).find((each) => each.url() === url);
    if (page === undefined) throw new Error("the jQuery fixture's tab is gone");
    // The page's own script, as a real app would drop a handler.
    await page.evaluate(`document.getElementById("root").dispatchEvent(new CustomEvent("fixture-drop-menu"))`);
    const after = await snapshotText(overSocket);
    expect(lineWith(after, "Quarterly numbers")).not.toContain("[ref=");
    expect(lineWith(after, "Open report")).toContain("[ref=");
  });

  it("a page that replaces the natives a scan would use neither blinds it nor gets its channel", async () => {
    const url = inlinePage(
      session.pages,
      `<!doctype html><title>Hostile</title><div id="root"></div><script src="/frameworks/hostile.js"></script><script src="/built/react18.js"></script>`,
    );
    await overSocket("navigate", { url });
    await expectStatus(overSocket, "idle");
    const before = await snapshotText(overSocket);
    await overSocket("wait_for", { text: "Hostile patches in place" });
    const after = await snapshotText(overSocket);
    expect(withoutIds(after)).toContain(withoutIds(before));
    expect(lineWith(after, "Quarterly numbers")).toContain("[listener=contextmenu]");
    const page = (await session.launched.browser.pages()).find((each) => each.url() === url);
    if (page === undefined) throw new Error("the hostile page's tab is gone");
    expect(await page.evaluate("window.channelHanded()")).toBe(false);
  });
});
