import { describe, expect } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { connectMcpHost } from "../helpers/mcpHost.js";

// The agent answers its own confirmations here, as a user who lets it would (fill_form's held submit).
const it = sessionTest({}, { confirmations: "agent" });

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("one look per turn: a write that loads a new document answers its first look", () => {
  it("answers a click on a link with the new document's snapshot, whose refs work at once", async ({ session }) => {
    const navigated = await session.client.request("browser.navigate", { url: session.pages.url("/fill-form.html") });
    // Over the socket, navigate answers a look only when asked.
    expect(navigated.first_look).toBeUndefined();
    const page = (await session.client.request("browser.snapshot", {})).text;
    const clicked = await session.client.request("browser.click", { ref: findRef(page, "link", "Go to the order form") });
    expect(clicked.navigated).toBe(true);
    const look = clicked.first_look;
    expect(look?.url).toBe(session.pages.url("/chain.html"));
    expect(look?.text).toContain("# Page Snapshot");
    expect(look?.text.length).toBeLessThanOrEqual(6_000);
    // The look's refs are the new document's: a click on one acts without another snapshot.
    const toggled = await session.client.request("browser.click", { ref: findRef(look?.text ?? "", "button", "Express shipping") });
    expect(toggled.navigated).toBe(false);
    expect(toggled.first_look).toBeUndefined();
    expect(toggled.observation?.diff).toContain("Toggled true");
    // go_back loads the form again: its look comes with it.
    const back = await session.client.request("browser.go_back", {});
    expect(back.moved).toBe(true);
    expect(back.first_look?.text).toContain('textbox "Full name"');
  });

  it("sizes the look by the request's firstLook, or leaves it out with 0", async ({ session }) => {
    type Looked = { result: { first_look?: { text: string; truncated: boolean } } };
    const lookAt = async (firstLook: number): Promise<Looked> =>
      (await session.client.send({
        type: "browser.navigate",
        payload: { url: session.pages.url("/budget-dense.html") },
        firstLook,
      })) as Looked;
    expect((await lookAt(100_000)).result.first_look?.truncated).toBe(false);
    const cut = await lookAt(500);
    expect(cut.result.first_look?.truncated).toBe(true);
    // The look is the snapshot that size asks for, as browser.snapshot answers it (past its header's id).
    const body = (text: string | undefined): string => (text ?? "").split("\n").slice(1).join("\n");
    const snapshot = await session.client.request("browser.snapshot", { maxChars: 500 });
    expect(body(cut.result.first_look?.text)).toBe(body(snapshot.text));
    await session.client.request("browser.navigate", { url: session.pages.url("/fill-form.html") });
    const link = findRef((await session.client.request("browser.snapshot", {})).text, "link", "Go to the order form");
    const none = await session.client.send({ type: "browser.click", payload: { ref: link }, firstLook: 0 });
    expect(none).toMatchObject({ result: { navigated: true } });
    expect((none as { result: Record<string, unknown> }).result.first_look).toBeUndefined();
    const bad = await session.client.send({ type: "browser.snapshot", payload: {}, firstLook: 10 });
    expect(bad).toMatchObject({ code: "bad_request" });
  });
});

describe("fill_form: a whole form in one call", () => {
  it("types, picks, checks and switches, and the page's own model holds each value", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/fill-form.html") });
    const page = (await session.client.request("browser.snapshot", {})).text;
    const filled = await session.client.request("browser.fill_form", {
      fields: [
        { ref: findRef(page, "textbox", "Full name"), value: "Ada Lovelace" },
        { ref: findRef(page, "textbox", "Email"), value: "ada@example.com" },
        { ref: findRef(page, "textbox", "Bio"), value: "Analyst" },
        { ref: findRef(page, "combobox", "Plan"), value: "Team" },
        { ref: findRef(page, "checkbox", "Newsletter"), value: true },
        { ref: findRef(page, "radio", "Large"), value: true },
        { ref: findRef(page, "switch", "Dark mode"), value: true },
      ],
    });
    expect(filled.fields.map((field) => field.via)).toEqual(["type", "type", "type", "select_option", "click", "click", "click"]);
    expect(filled.effect).toBe("page_changed");
    // One diff, the form before against after.
    expect(filled.observation?.diff).toContain('+ textbox "Full name" [value="Ada Lovelace"]');
    expect(filled.observation?.diff).toContain('+ checkbox "Newsletter" [checked]');
    const model = (await session.client.request("browser.extract", {})).text;
    expect(model).toContain("model: Ada Lovelace|ada@example.com|Analyst|Team|on|l|dark=true");
    // Already as asked: left alone.
    const again = await session.client.request("browser.fill_form", {
      fields: [
        { ref: findRef(page, "checkbox", "Newsletter"), value: true },
        { ref: findRef(page, "radio", "Large"), value: true },
      ],
    });
    expect(again.fields.map((field) => field.via)).toEqual(["none", "none"]);
    expect(again.effect).toBe("none");
  });

  it("answers each wrong field with a typed error that names what was set before it", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/fill-form.html") });
    const page = (await session.client.request("browser.snapshot", {})).text;
    const name = findRef(page, "textbox", "Full name");
    const wrongType = await session.client.send({
      type: "browser.fill_form",
      payload: {
        fields: [
          { ref: name, value: "Grace" },
          { ref: findRef(page, "checkbox", "Newsletter"), value: "yes" },
        ],
      },
    });
    expect(wrongType).toMatchObject({ code: "bad_request" });
    expect(JSON.stringify(wrongType)).toContain(`Fields ${name} were set`);
    expect(await session.errorCode("browser.fill_form", { fields: [{ ref: findRef(page, "radio", "Small"), value: false }] })).toBe(
      "bad_request",
    );
    expect(await session.errorCode("browser.fill_form", { fields: [{ ref: "zz9zz_1_99", value: "x" }] })).toBe("invalid_ref");
    expect(await session.errorCode("browser.fill_form", { fields: [{ ref: findRef(page, "button", "Avatar"), value: "x" }] })).toBe(
      "not_actionable",
    );
    // A box the page will not let change is no success.
    expect(
      await session.errorCode("browser.fill_form", { fields: [{ ref: findRef(page, "checkbox", "Locked preference"), value: true }] }),
    ).toBe("not_actionable");
  });
});

describe("fill_form with submit: the form and its button in one call", () => {
  it("clicks the form's button once the fields are set, and answers the page it loads", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/fill-form.html") });
    const page = (await session.client.request("browser.snapshot", {})).text;
    const sent = await session.client.request("browser.fill_form", {
      fields: [{ ref: findRef(page, "textbox", "Full name"), value: "Ada" }],
      submit: findRef(page, "button", "Next"),
    });
    expect(sent.submitted?.target).toEqual({ role: "button", name: "Next" });
    expect(sent.navigated).toBe(true);
    expect(sent.url).toContain("/chain.html?name=Ada");
    expect(sent.first_look?.text).toContain('button "Place order"');
  });

  it("holds a consequential button as its click would be held, and the confirm sends what was filled", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") });
    const page = (await session.client.request("browser.snapshot", {})).text;
    const held = await session.client.send({
      type: "browser.fill_form",
      payload: {
        fields: [
          { ref: findRef(page, "textbox", "Full name"), value: "Grace Hopper" },
          { ref: findRef(page, "checkbox", "Gift wrap"), value: true },
        ],
        submit: findRef(page, "button", "Place order"),
      },
    });
    expect(held).toMatchObject({ code: "confirmation_required" });
    expect(JSON.stringify(held)).toContain("were set; the click on submit");
    const id = (held as { confirmation?: { id: string } }).confirmation?.id ?? "";
    await session.client.request("browser.confirm", { id, allow: true });
    expect((await session.client.request("browser.extract", {})).text).toContain("Ordered for Grace Hopper (gift: yes)");
  });
});

describe("through MCP", () => {
  it("navigate and a link's click answer the page with refs; fill_form answers one diff", async ({ session }) => {
    const host = await connectMcpHost(session, "first-look-host");
    try {
      const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const result = (await host.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, textOf(result)).toBeFalsy();
        return textOf(result);
      };
      const navigated = await call("navigate", { url: session.pages.url("/fill-form.html") });
      expect(navigated).toContain("The page's first look follows");
      const filled = await call("fill_form", {
        fields: [
          { ref: findRef(navigated, "textbox", "Full name"), value: "Ada" },
          { ref: findRef(navigated, "checkbox", "Newsletter"), value: true },
        ],
      });
      expect(filled).toMatch(/Fields: \S+ typed, \S+ clicked\./);
      expect(filled).toContain('+ textbox "Full name" [value="Ada"]');
      const clicked = await call("click", { ref: findRef(navigated, "link", "Go to the order form") });
      expect(clicked).toContain("The tab went to a new document (its old refs are gone); its first look follows");
      await call("click", { ref: findRef(clicked, "button", "Express shipping") });
    } finally {
      await host.close();
    }
  });

  it("--first-look 0 answers no look, and says to take one", async ({ session }) => {
    const host = await connectMcpHost(session, "no-look-host", ["--first-look", "0"]);
    try {
      const navigated = textOf(
        (await host.callTool({ name: "navigate", arguments: { url: session.pages.url("/fill-form.html") } })) as CallToolResult,
      );
      expect(navigated).not.toContain("# Page Snapshot");
      const page = textOf((await host.callTool({ name: "snapshot", arguments: {} })) as CallToolResult);
      const clicked = textOf(
        (await host.callTool({ name: "click", arguments: { ref: findRef(page, "link", "Go to the order form") } })) as CallToolResult,
      );
      expect(clicked).toContain("call snapshot to see it");
      expect(clicked).not.toContain("# Page Snapshot");
    } finally {
      await host.close();
    }
  });
});
