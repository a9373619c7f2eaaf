import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { WebOperatorError } from "../../protocol/index.js";

/**
 * A sign-in page that clobbers the names our content script reads: a hidden form whose field is
 * named getAttribute (every element walk meets that form), and fields named elements, action,
 * method, querySelector and children inside the sign-in form itself.
 */
const CLOBBERING_SIGN_IN = `<title>Sign in</title>
<form hidden><input type="hidden" name="getAttribute"><input type="hidden" name="localName"><input type="hidden" name="closest"></form>
<h1>Sign in to Example Bank</h1>
<form method="post" action="/session" id="signin">
  <input type="hidden" name="elements"><input type="hidden" name="action" value="/search">
  <input type="hidden" name="method" value="get"><input type="hidden" name="querySelector"><input type="hidden" name="children">
  <label>Email <input name="email" value="person@example.com"></label>
  <label>Password <input type="password" name="password" value="hunter2"></label>
  <button>Continue</button>
</form>
<img name="body"><img name="querySelectorAll"><form name="defaultView"></form>
<p id="sent">not sent</p>
<script>document.getElementById("signin").addEventListener("submit", (event) => { event.preventDefault(); document.getElementById("sent").textContent = "password sent"; });</script>`;

async function refusal(request: Promise<unknown>): Promise<WebOperatorError> {
  const outcome = await request.then(
    () => new Error("the command unexpectedly succeeded"),
    (error: unknown) => error,
  );
  if (outcome instanceof WebOperatorError) return outcome;
  throw outcome;
}

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("a page that clobbers DOM names cannot switch off the gatekeeper", () => {
  let session: WebOperatorSession;
  let client: Client;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    client = await connectMcpHost(session);
  });

  afterAll(async () => {
    await client.close();
    await session.close();
  });

  it("reads the page with its own engine and holds the password form's Continue, synthetic and trusted", async () => {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, CLOBBERING_SIGN_IN) });
    const snapshot = await session.client.request("browser.snapshot", {});
    // No fallback to the accessibility tree: the content script read the clobbering page itself.
    expect(snapshot.source).toBe("dom");
    expect(snapshot.text).toContain('textbox "Password"');
    const button = findRef(snapshot.text, "button", "Continue");
    const clicked = await refusal(session.client.request("browser.click", { ref: button }));
    expect(clicked.code).toBe("confirmation_required");
    // The credentials were judged from the real form, not from its clobbering fields.
    expect(clicked.message).toMatch(/password|credential/i);
    expect(await session.errorCode("browser.click_trusted", { ref: button })).toBe("confirmation_required");
    expect(await session.errorCode("browser.press", { ref: findRef(snapshot.text, "textbox", "Password"), key: "Enter" })).toBe(
      "confirmation_required",
    );
    expect((await session.client.request("browser.extract", {})).text).toContain("not sent");
  });

  it("holds it through the MCP server's default tools too", async () => {
    // The MCP server is an agent of its own: its first navigate gets it a tab.
    const navigated = await client.callTool({ name: "navigate", arguments: { url: inlinePage(session.pages, CLOBBERING_SIGN_IN) } });
    expect(navigated.isError, textOf(navigated as CallToolResult)).toBeFalsy();
    const snapshot = await client.callTool({ name: "snapshot", arguments: {} });
    expect(snapshot.isError, textOf(snapshot as CallToolResult)).toBeFalsy();
    const text = textOf(snapshot as CallToolResult);
    const clicked = (await client.callTool({ name: "click", arguments: { ref: findRef(text, "button", "Continue") } })) as CallToolResult;
    expect(clicked.isError).toBe(true);
    expect(textOf(clicked)).toContain("confirmation_required");
    const after = (await client.callTool({ name: "extract", arguments: {} })) as CallToolResult;
    expect(textOf(after)).toContain("not sent");
  });
});
