import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { listenerTypes } from "../helpers/chromeListeners.js";

/**
 * Issue 48's second hole: listener records fooled by an event type that converts to a different
 * string on each read, so a span with no click listener got a ref and a span with one got none.
 * The fixture also removes listeners with such types, with options whose capture getter answers
 * differently per read, by an AbortSignal whose abort event the page stops, and by clearing an
 * on* property. Each span has a ref exactly when Chrome itself lists a click listener on it.
 */
const PROBES: Record<string, { text: string; listens: boolean }> = {
  "once-click": { text: "Reads click once", listens: true },
  "later-click": { text: "Reads click later", listens: false },
  "primitive-click": { text: "Primitive reads click once", listens: true },
  "removed-shifting": { text: "Removed by a shifting type", listens: false },
  "removed-plain": { text: "Removed plainly", listens: false },
  "kept-shifting": { text: "Kept despite a shifting removal", listens: true },
  aborted: { text: "Aborted listener", listens: false },
  "property-cleared": { text: "Property cleared", listens: false },
  "property-kept": { text: "Property kept", listens: true },
  "capture-shifting": { text: "Capture read once", listens: true },
  "abort-stopped": { text: "Abort the page hides", listens: false },
};

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** Whether the snapshot gives the span's text a ref: the span is printed with it when it has one. */
const hasRef = (snapshot: string, text: string): boolean =>
  snapshot.split("\n").some((line) => line.includes(`"${text}"`) && line.includes("[ref="));

describe("listener records match what the browser registered (issue 48, hole 2)", () => {
  let session: WebOperatorSession;
  let client: Client;
  let url: string;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    client = await connectMcpHost(session, "listener-types-host");
    url = session.pages.url("/hostile-listener-types.html");
  });

  afterAll(async () => {
    await client?.close();
    await session?.close();
  });

  it("over the socket: a ref exactly where Chrome has a click listener, and the ref clicks", async () => {
    await session.client.request("browser.navigate", { url });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const page = (await session.launched.browser.pages()).find((candidate) => candidate.url() === url);
    if (page === undefined) throw new Error(`no page at ${url}`);
    for (const [id, { text, listens }] of Object.entries(PROBES)) {
      // The fixture's claim, checked against Chrome, then the snapshot against both.
      expect((await listenerTypes(page, id)).length > 0, `${id} in Chrome`).toBe(listens);
      expect(hasRef(snapshot, text), `${text}: ${snapshot}`).toBe(listens);
    }
    await session.client.request("browser.click", { ref: findRef(snapshot, "generic", "Reads click once") });
    expect((await session.client.request("browser.extract", {})).text).toContain("once clicked");
  });

  it("through the MCP server's default tools too", async () => {
    const navigated = (await client.callTool({ name: "navigate", arguments: { url } })) as CallToolResult;
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    const snapshot = (await client.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
    expect(snapshot.isError, textOf(snapshot)).toBeFalsy();
    const text = textOf(snapshot);
    for (const { text: name, listens } of Object.values(PROBES)) expect(hasRef(text, name), `${name}: ${text}`).toBe(listens);
  });
});
