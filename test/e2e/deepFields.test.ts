import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Page } from "puppeteer-core";
import { WebOperatorError } from "../../protocol/errors.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { buildWidgetFixtures, serveWidgetFixtures, type BuiltWidgets } from "../helpers/widgetFixtures.js";
import { connectMcpHost } from "../helpers/mcpHost.js";

/** What the provider's frame reports to the checkout: its own state, never the DOM the agent saw. */
interface CardState {
  number: string;
  expiry: string;
  cvc: string;
  country: string;
  focused: string | null;
  keys: string[];
  paid: boolean;
  complete: boolean;
}

/**
 * Hosted card fields in a cross-origin frame (test/fixtures/card-fields-frame.html from
 * `localhost`, inside the checkout on 127.0.0.1) take text, keys and a pick by deep ref, through
 * the same write path and gatekeeper as the top frame's fields. Judged on the frame's own state.
 */
describe("type, type_trusted, press and select_option take deep refs into a cross-origin frame", () => {
  let session: WebOperatorSession;
  let built: BuiltWidgets;
  let checkoutUrl: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    built = await buildWidgetFixtures(["card-frame"]);
    serveWidgetFixtures(session.pages, built);
    checkoutUrl = session.pages.url("/widgets/card-frame.html");
  });
  afterAll(async () => {
    await session?.close();
    built?.remove();
  });

  async function checkoutPage(): Promise<Page> {
    for (const page of await session.launched.browser.pages()) if (page.url() === checkoutUrl) return page;
    throw new Error("the checkout page is not open");
  }
  /** The card as the frame last reported it, once the frame has loaded and said so. */
  async function card(): Promise<CardState> {
    const page = await checkoutPage();
    await page.waitForFunction(() => (window as unknown as { widgetState(): unknown }).widgetState() !== null);
    return page.evaluate(() => (window as unknown as { widgetState(): CardState }).widgetState());
  }
  async function openCheckout(): Promise<string> {
    await session.client.request("browser.navigate", { url: checkoutUrl });
    await card();
    return (await session.client.request("browser.read_page_deep", {})).text;
  }
  async function failure(type: "browser.type" | "browser.press" | "browser.select_option", payload: object): Promise<WebOperatorError> {
    try {
      await session.client.request(type, payload as never);
    } catch (error) {
      if (error instanceof WebOperatorError) return error;
      throw error;
    }
    throw new Error(`${type} did not fail`);
  }

  it("types a card number in one call, tabs on, types the expiry trusted and picks a country", async () => {
    const deep = await openCheckout();
    const number = findRef(deep, "textbox", "Card number");
    expect(number).toMatch(/^c[a-z0-9]+_\d+_\d+_\d+$/);
    const typed = await session.client.request("browser.type", { ref: number, text: "4242424242424242" });
    // The provider formats what it shows; the answer is what the field holds after that.
    expect(typed).toMatchObject({
      ref: number,
      target: { role: "textbox", name: "Card number" },
      value: "4242 4242 4242 4242",
      submitted: false,
    });
    expect(await card()).toMatchObject({ number: "4242424242424242", complete: true, focused: "number" });

    const pressed = await session.client.request("browser.press", { key: "Tab", ref: number });
    expect(pressed.key).toBe("Tab");
    const tabbed = await card();
    expect(tabbed.focused).toBe("expiry");
    expect(tabbed.keys).toContain("number:Tab");
    // A key without a ref goes where focus is: the expiry field, in the frame.
    await session.client.request("browser.press", { key: "1" });
    expect((await card()).expiry).toBe("1");

    const expiry = findRef(deep, "textbox", "Expiry (MM / YY)");
    const trusted = await session.client.request("browser.type_trusted", { ref: expiry, text: "1229" });
    expect(trusted).toMatchObject({ ref: expiry, value: "12 / 29" });
    await session.client.request("browser.type", { ref: findRef(deep, "textbox", "CVC"), text: "123" });

    const country = findRef(deep, "combobox", "Country");
    const picked = await session.client.request("browser.select_option", { ref: country, labels: ["Netherlands"] });
    expect(picked).toMatchObject({ ref: country, selected: [{ value: "NL", label: "Netherlands" }] });
    expect(await card()).toMatchObject({ number: "4242424242424242", expiry: "12/29", cvc: "123", country: "NL", paid: false });
  });

  it("replaces on a second type and appends with mode append, as in the top frame", async () => {
    const deep = await openCheckout();
    const number = findRef(deep, "textbox", "Card number");
    await session.client.request("browser.type", { ref: number, text: "4000" });
    const appended = await session.client.request("browser.type", { ref: number, text: "5555", mode: "append" });
    // The checkout shows nothing new (the card is still incomplete): the change is the frame's field, and the effect says so.
    expect(appended).toMatchObject({ value: "4000 5555", effect: "page_changed" });
    expect((await card()).number).toBe("40005555");
    const replaced = await session.client.request("browser.type_trusted", { ref: number, text: "378282246310005" });
    expect(replaced.value).toBe("3782 8224 6310 005");
    expect((await card()).number).toBe("378282246310005");
  });

  it("answers typed errors: no such option, a button that takes no text, a ref from an old page", async () => {
    const deep = await openCheckout();
    const missing = await failure("browser.select_option", { ref: findRef(deep, "combobox", "Country"), labels: ["Atlantis"] });
    expect(missing.code).toBe("not_found");
    expect(missing.message).toContain('"Netherlands"');
    const button = await failure("browser.type", { ref: findRef(deep, "button", "Pay 24.00 EUR"), text: "hello" });
    expect(button.code).toBe("not_actionable");
    await openCheckout();
    const stale = await failure("browser.press", { key: "a", ref: findRef(deep, "textbox", "CVC") });
    expect(stale.code).toBe("stale_ref");
    expect(await card()).toMatchObject({ number: "", country: "", paid: false });
  });

  it("holds Enter on the frame's pay button for confirmation, as a deep click on it is held", async () => {
    const deep = await openCheckout();
    const held = await failure("browser.press", { key: "Enter", ref: findRef(deep, "button", "Pay 24.00 EUR") });
    expect(held.code).toBe("confirmation_required");
    expect(held.confirmation?.category).toBe("purchase");
    expect((await card()).paid).toBe(false);
  });

  it("does the same through MCP: one type call for the number, Tab, a country", async () => {
    // The MCP agent opens a tab of its own: the socket's tab leaves the checkout, so `card()` reads the MCP agent's.
    await session.client.request("browser.navigate", { url: session.pages.url("/deep-child.html") });
    const host = await connectMcpHost(session, "deep-fields-host", ["--caps", "deep,input"]);
    try {
      const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const result = (await host.callTool({ name, arguments: args })) as CallToolResult;
        const body = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
        if (result.isError === true) throw new Error(`${name} failed: ${body}`);
        return body;
      };
      await call("navigate", { url: checkoutUrl });
      await card();
      const deep = await call("read_page_deep", {});
      await call("type", { ref: findRef(deep, "textbox", "Card number"), text: "5555555555554444" });
      await call("press", { key: "Tab", ref: findRef(deep, "textbox", "Card number") });
      // Keys without a ref go where focus is: Tab put it on the expiry field, in the frame.
      await call("press", { key: "0" });
      await call("press", { key: "7" });
      expect((await card()).expiry).toBe("07");
      await call("select_option", { ref: findRef(deep, "combobox", "Country"), labels: ["France"] });
      expect(await card()).toMatchObject({ number: "5555555555554444", complete: true, country: "FR" });
    } finally {
      await host.close();
    }
  });
});
