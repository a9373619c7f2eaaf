import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

/**
 * Names Chrome gives and dom-accessibility-api did not: generated content with counters
 * and attributes, text-transform, spaces only around blocks, hidden aria-labelledby
 * subtrees, aria-owns out of an aria-hidden container, slotted content of a closed root.
 */
const it = sessionTest();

describe("accessible names from the rendered tree, through the socket", () => {
  let text = "";

  it.beforeAll(async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/names-generated.html") });
    text = (await session.client.request("browser.snapshot", {})).text;
  });

  it("evaluates CSS counters, in their style, and the alternative text form", () => {
    findRef(text, "button", "1. Ship");
    findRef(text, "button", "2. Pay");
    findRef(text, "link", "III Rivers");
  });

  it("reads attr() and joins generated text without adding spaces", () => {
    findRef(text, "link", "Inbox (3)");
    findRef(text, "link", "\u00ABBack");
  });

  it("applies text-transform", () => {
    expect(text).toMatch(/- heading "CALL US"/);
    findRef(text, "button", "Add To Cart");
  });

  it("separates block children only", () => {
    findRef(text, "button", "Submit");
    findRef(text, "link", "Price $5");
  });

  it("names with a hidden aria-labelledby target's whole subtree", () => {
    findRef(text, "button", "Send the invoice");
  });

  it("follows aria-owns out of an aria-hidden container", () => {
    findRef(text, "link", "Docs (opens in a new window)");
  });

  it("names through a closed shadow root's slot", () => {
    findRef(text, "button", "Add milk to cart");
  });

  describe("names printed on lines of their own", () => {
    let printed = "";

    it.beforeAll(async ({ session }) => {
      await session.client.request("browser.navigate", { url: session.pages.url("/names-printed.html") });
      printed = (await session.client.request("browser.snapshot", {})).text;
    });

    it("keeps a name's non-breaking spaces", () => {
      findRef(printed, "button", "Save\u00a0as");
      // The text it is named from is not printed again below it.
      expect(printed).not.toContain("- text: Save as");
      findRef(printed, "link", "\u00a0Edit\u00a0profile\u00a0");
    });

    it("gives labelled SVG shapes, groups and links a line, and unlabelled drawing none", async ({ session }) => {
      expect(printed).toMatch(/- graphics-symbol "Sun"\n/);
      expect(printed).toMatch(/- graphics-symbol "Sea"\n/);
      expect(printed).toMatch(/- graphics-symbol "Lighthouse"\n/);
      expect(printed).toMatch(/- group "Clouds"\n/);
      expect(printed).toMatch(/- img "Port authority logo"\n/);
      expect(printed).not.toContain("Never drawn");
      // Three labelled shapes and one labelled group: the unlabelled ones print nothing.
      expect(printed.match(/graphics-symbol|group/g)).toHaveLength(4);
      // The icon's title already names its button: no second line repeating it.
      findRef(printed, "button", "Close");
      expect(printed).not.toMatch(/- button "Close"[^\n]*\n {2}- img/);
      const pier = findRef(printed, "link", "North pier");
      await session.client.request("browser.click", { ref: pier });
      await expect.poll(async () => (await session.client.request("browser.snapshot", {})).url).toMatch(/#north-pier$/);
    });

    it("starts a name taken from a list item with its marker", () => {
      findRef(printed, "button", "\u2022 Tea");
      findRef(printed, "button", "4. Pour the milk");
      findRef(printed, "button", "Done: Sugar");
      findRef(printed, "button", "2. Last call");
      // A menu item is named for itself, without the bullet its list draws.
      findRef(printed, "menuitem", "Open the tap");
    });
  });
});
