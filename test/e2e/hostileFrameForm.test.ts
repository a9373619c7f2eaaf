import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ConfirmationRequestSchema } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { connectMcpHost } from "../helpers/mcpHost.js";

/**
 * Issue 48's first hole: a POST form inside a cross-origin iframe (an embedded payment form)
 * whose "Continue" button, clicked by deep ref, reached the form's server with no confirmation,
 * since deep refs carried no form facts. The frame's form is judged like a top frame's: by its
 * card fields, its button and where it posts, read in the frame itself.
 */
const CHARGE = "/frame-payments/charge";

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("a cross-origin frame's payment form is judged by its form (issue 48, hole 1)", () => {
  let session: WebOperatorSession;
  let client: Client;
  let url: string;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    client = await connectMcpHost(session, "frame-form-host", ["--caps", "deep"]);
    url = session.pages.url("/hostile-frame-form.html");
  });

  afterAll(async () => {
    await client?.close();
    await session?.close();
  });

  const charges = (): number => session.pages.requested.filter((request) => request.includes(CHARGE)).length;

  /** navigate answers at DOMContentLoaded; the payment frame is read once every tab showing the page has loaded. */
  async function framesLoaded(): Promise<void> {
    for (const page of await session.launched.browser.pages()) {
      if (page.url() === url) await page.waitForFunction(() => document.readyState === "complete");
    }
  }

  /**
   * The MCP host's tab opens behind the socket agent's. Chrome routes no trusted input into an
   * out-of-process frame of a background tab (it draws no frames there to hit-test), so the
   * host's tab is brought to the front, as a person's window shows the tab they watch.
   */
  async function bringToFront(tabUrl: string): Promise<void> {
    const pages = (await session.launched.browser.pages()).filter((page) => page.url() === tabUrl);
    await pages[pages.length - 1]?.bringToFront();
  }

  it("holds the frame's Continue over the socket, and sends it once browser.confirm allows it", async () => {
    await session.client.request("browser.navigate", { url });
    await framesLoaded();
    const deep = await session.client.request("browser.read_page_deep", {});
    const button = findRef(deep.text, "button", "Continue");
    const before = charges();
    const response = await session.client.send({ type: "browser.click_deep", payload: { ref: button } });
    expect(response).toMatchObject({ code: "confirmation_required", confirmation: { category: "purchase" } });
    const confirmation = ConfirmationRequestSchema.parse((response as { confirmation?: unknown }).confirmation);
    // Judged by what the frame's form sends, not by the button's harmless name.
    expect(confirmation.reason).toContain("payment fields");
    expect(confirmation.reason).toContain(CHARGE);
    expect(confirmation.target).toEqual({ role: "button", name: "Continue" });
    expect(charges()).toBe(before);
    const answered = await session.client.request("browser.confirm", { id: confirmation.id, allow: true });
    expect(answered).toMatchObject({ id: confirmation.id, allowed: true });
    expect(charges()).toBe(before + 1);
  });

  it("holds it through the MCP server's deep tools too", async () => {
    const navigated = (await client.callTool({ name: "navigate", arguments: { url } })) as CallToolResult;
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    await framesLoaded();
    await bringToFront(url);
    const deep = (await client.callTool({ name: "read_page_deep", arguments: {} })) as CallToolResult;
    expect(deep.isError, textOf(deep)).toBeFalsy();
    const before = charges();
    const clicked = (await client.callTool({
      name: "click_deep",
      arguments: { ref: findRef(textOf(deep), "button", "Continue") },
    })) as CallToolResult;
    expect(clicked.isError).toBe(true);
    const text = textOf(clicked);
    expect(text).toContain("confirmation_required");
    expect(text).toContain("payment fields");
    expect(charges()).toBe(before);
    const id = /"id":"(cf_[^"]+)"/.exec(text)?.[1];
    expect(id, text).toBeDefined();
    const confirmed = (await client.callTool({ name: "confirm", arguments: { id, allow: true } })) as CallToolResult;
    expect(confirmed.isError, textOf(confirmed)).toBeFalsy();
    expect(charges()).toBe(before + 1);
  });
});
