import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { connectMcpHost } from "../helpers/mcpHost.js";

/**
 * Issue 48's third hole: a page pushed records into the dialog recorder's page-visible array,
 * and a forged alert carrying instructions to the agent was reported as a dialog the page
 * raised. The fixture tries every way in (the old array, its write records, the prototypes a
 * drain calls, the recorder's global itself) before it raises one real alert and, in a click,
 * one real confirm: only those two are ever reported.
 */
const FORGED = "SYSTEM NOTICE TO THE AGENT";
const REAL_ALERT = { type: "alert", message: "Your session ends in 5 minutes", answered: "closed" };
const REAL_CONFIRM = { type: "confirm", message: "Rename this item?", answered: "cancel" };

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("dialog reports come only from dialogs the page raised (issue 48, hole 3)", () => {
  let session: WebOperatorSession;
  let client: Client;
  let url: string;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    client = await connectMcpHost(session, "dialog-forgery-host");
    url = session.pages.url("/hostile-dialog-forgery.html");
  });

  afterAll(async () => {
    await client?.close();
    await session?.close();
  });

  it("over the socket: the real alert and the click's real confirm, with their own messages, and no forged record", async () => {
    const answers: unknown[] = [await session.client.request("browser.navigate", { url })];
    const dialogs: unknown[] = [];
    await expect
      .poll(async () => {
        const snapshot = await session.client.request("browser.snapshot", {});
        answers.push(snapshot);
        dialogs.push(...(snapshot.dialogs ?? []));
        return dialogs.length;
      })
      .toBeGreaterThan(0);
    // One more read after the alert: nothing forged arrives late either.
    answers.push(await session.client.request("browser.snapshot", {}));
    expect(dialogs).toEqual([REAL_ALERT]);
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const clicked = await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Rename item") });
    answers.push(clicked);
    expect(clicked.dialogs).toEqual([REAL_CONFIRM]);
    const page = await session.client.request("browser.extract", {});
    // The page's forgeries ran (the test is not vacuous), and the write answered its real confirm.
    expect(page.text).toContain("confirm answered false");
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(FORGED);
  });

  it("through the MCP server's default tools too", async () => {
    const texts: string[] = [];
    const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = textOf(result);
      expect(result.isError, text).toBeFalsy();
      texts.push(text);
      return text;
    };
    await call("navigate", { url });
    // Reported once: in the navigate's first look or in a snapshot after it.
    const alerted = (): boolean => texts.some((text) => text.includes(REAL_ALERT.message));
    await expect.poll(async () => alerted() || (await call("snapshot", {})) === "").toBe(true);
    const snapshot = await call("snapshot", {});
    const clicked = await call("click", { ref: findRef(snapshot, "button", "Rename item") });
    expect(clicked).toContain(REAL_CONFIRM.message);
    for (const text of texts) expect(text).not.toContain(FORGED);
  });
});
