import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { lineWith, refOf, withoutIds } from "../helpers/snapshotLines.js";

/**
 * Interactive detection on real-site patterns: handlers from
 * addEventListener, pointer chains resolved to their innermost targets, closed shadow roots
 * a page script attached to a plain div, before and after the content script started.
 */
const it = sessionTest();

describe("interactive detection on real-site patterns", () => {
  let text = "";

  it.beforeAll(async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/detection.html") });
    await session.client.request("browser.wait_for", { text: "Closed late button" }).catch(() => undefined);
    text = (await session.client.request("browser.snapshot", {})).text;
  });

  it("gives refs to elements whose only handler came from addEventListener", () => {
    refOf(lineWith(text, "START"));
    for (const tab of ["Overview", "Specs", "Reviews"]) refOf(lineWith(text, `"${tab}"`));
    refOf(lineWith(text, "terms of use"));
    refOf(lineWith(text, "- row"));
    refOf(lineWith(text, "I agree to the terms"));
  });

  it("gives refs to an autocomplete's items, not to the list that carries the pointer", () => {
    for (let n = 1; n <= 20; n++) refOf(lineWith(text, `laptop model ${n}`));
    const list = text.split("\n").find((line) => /^\s*- list\b/.test(line) && line.includes("[ref="));
    expect(list).toBeUndefined();
  });

  it("resolves a delegated listener on a list to its items", async ({ session }) => {
    for (const item of ["first", "second", "third"]) refOf(lineWith(text, `Delegated ${item}`));
    const clicked = refOf(lineWith(text, "Delegated second"));
    await session.client.request("browser.click", { ref: clicked });
    expect((await session.client.request("browser.extract", {})).text).toContain("menu Delegated second");
  });

  it("shows buttons in closed shadow roots of plain divs, attached early and late, beside an open one", () => {
    findRef(text, "button", "Closed early button");
    findRef(text, "button", "Closed late button");
    findRef(text, "button", "Open button");
  });

  it("clicks a listener-only cover div and a closed-root button by ref", async ({ session }) => {
    await session.client.request("browser.click", { ref: refOf(lineWith(text, "START")) });
    expect((await session.client.request("browser.extract", {})).text).toContain("cover clicked");
    const fresh = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: refOf(lineWith(fresh, '"Specs"')) });
    expect((await session.client.request("browser.extract", {})).text).toContain("tab Specs");
  });

  it("the first snapshot of a page and a later one print the same text", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/perception-names.html") });
    const first = (await session.client.request("browser.snapshot", {})).text;
    const later = (await session.client.request("browser.snapshot", {})).text;
    expect(withoutIds(later)).toBe(withoutIds(first));
  });
});
