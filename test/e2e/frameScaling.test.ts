import { describe, expect } from "vitest";
import { sessionTest } from "../helpers/sessionTest.js";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const it = sessionTest();

/**
 * Trusted input into same-origin frames drawn scaled (transform scale with translate, zoom,
 * nested scales): the point must land on the chosen button of a dense grid, where a wrong
 * origin or scale lands on a neighbour or nothing. Frames that are rotated, mirrored or sit
 * in a turned box answer unsupported_frame rather than an approximate click.
 */
describe("trusted input through scaled same-origin frames", () => {
  /** The last click a frame recorded: the button's name, where the frame saw it, and whether it was trusted. */
  const lastClick = async (
    session: WebOperatorSession,
    frame: string,
  ): Promise<{ name: string; x: number; y: number; input: string } | null> => {
    const text = (await session.client.request("browser.extract", {})).text;
    const match = new RegExp(`${frame}: (\\S+ r\\dc\\d) at (-?[\\d.]+),(-?[\\d.]+) \\((\\w+)\\)`).exec(text);
    if (match === null) return null;
    return { name: match[1] ?? "", x: Number(match[2]), y: Number(match[3]), input: match[4] ?? "" };
  };

  // Button r2c1 of every grid spans 70–120 × 78–102 in its frame's own viewport.
  const CENTRE = { x: 95, y: 90 };

  it.for([
    ["half", "Half r2c1"],
    ["zoomed", "Zoomed r2c1"],
    ["inner", "Inner r2c1"],
  ] as const)("click_trusted in the %s frame hits %s at its centre", async ([frame, name], { session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/frames-scaled.html") });
    const snapshot = await session.client.request("browser.snapshot", {});
    await session.client.request("browser.click_trusted", { ref: findRef(snapshot.text, "button", name) });
    const click = await lastClick(session, frame);
    expect(click).toMatchObject({ name, input: "trusted" });
    expect(Math.abs((click?.x ?? 0) - CENTRE.x)).toBeLessThanOrEqual(1);
    expect(Math.abs((click?.y ?? 0) - CENTRE.y)).toBeLessThanOrEqual(1);
  });

  it("sizes a ref's box by its frame's scale, so a screenshot region and a drag aim at what is drawn", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/frames-scaled.html") });
    const snapshot = await session.client.request("browser.snapshot", {});
    // 50 × 24 buttons: drawn at 0.5 in the half frame, at 1.2 × 0.9 in the nested one.
    const half = await session.client.request("browser.screenshot", { ref: findRef(snapshot.text, "button", "Half r0c0") });
    expect(half.clip.width).toBeCloseTo(25, 0);
    expect(half.clip.height).toBeCloseTo(12, 0);
    const inner = await session.client.request("browser.screenshot", { ref: findRef(snapshot.text, "button", "Inner r0c0") });
    expect(inner.clip.width).toBeCloseTo(60, 0);
    expect(inner.clip.height).toBeCloseTo(21.6, 0);
    // A trusted click at the centre of the clip the nested frame's button reported lands on it.
    const clicked = await session.client.request("browser.click_xy", {
      x: inner.clip.x + inner.clip.width / 2,
      y: inner.clip.y + inner.clip.height / 2,
    });
    expect(clicked.target).toMatchObject({ tag: "button", name: "Inner r0c0" });
    expect(await lastClick(session, "inner")).toMatchObject({ name: "Inner r0c0", input: "trusted" });
  });

  it.for([
    ["rotated", "Rotated r1c1", /rotated or skewed/],
    ["mirrored", "Mirrored r1c1", /mirrored/],
    ["turned", "Turned r1c1", /rotated \(rotate: 5deg\)/],
  ] as const)(
    "the %s frame answers unsupported_frame to trusted input, and a synthetic click still works",
    async ([frame, name, why], { session }) => {
      await session.client.request("browser.navigate", { url: session.pages.url("/frames-scaled.html") });
      const snapshot = await session.client.request("browser.snapshot", {});
      const ref = findRef(snapshot.text, "button", name);
      const refused = await session.client.request("browser.click_trusted", { ref }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: "unsupported_frame" });
      expect(String((refused as { message?: string } | null)?.message)).toMatch(why);
      expect(await session.errorCode("browser.hover", { ref })).toBe("unsupported_frame");
      expect(await session.errorCode("browser.screenshot", { ref })).toBe("unsupported_frame");
      expect(await lastClick(session, frame)).toBeNull();
      await session.client.request("browser.click", { ref });
      expect(await lastClick(session, frame)).toMatchObject({ name, input: "synthetic" });
    },
  );
});

describe("trusted deep-ref input through scaled out-of-process frames", () => {
  /** navigate answers at DOMContentLoaded; the partner frames are read, so wait for the load event too. */
  async function openLoaded(session: WebOperatorSession): Promise<string> {
    const url = session.pages.url("/deep-scaled.html");
    await session.client.request("browser.navigate", { url });
    for (const page of await session.launched.browser.pages())
      if (page.url() === url) await page.waitForFunction(() => document.readyState === "complete");
    return (await session.client.request("browser.read_page_deep", {})).text;
  }

  it.for([["Scaled"], ["Zoomed"]] as const)("click_deep in the %s partner frame hits r2c1 at its centre", async ([label], { session }) => {
    const before = await openLoaded(session);
    await session.client.request("browser.click_deep", { ref: findRef(before, "button", `${label} r2c1`) });
    const after = (await session.client.request("browser.read_page_deep", {})).text;
    const click = new RegExp(`(\\S+ r\\dc\\d) clicked at (-?[\\d.]+),(-?[\\d.]+) \\((\\w+)\\)`).exec(after);
    expect(click?.[1]).toBe(`${label} r2c1`);
    expect(click?.[4]).toBe("trusted");
    expect(Math.abs(Number(click?.[2]) - 95)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(click?.[3]) - 90)).toBeLessThanOrEqual(1);
  });

  it.for([
    ["Rotated", /rotated/],
    ["Mirrored", /mirrored/],
  ] as const)("the %s partner frame answers unsupported_frame", async ([label, why], { session }) => {
    const before = await openLoaded(session);
    const refused = await session.client.request("browser.click_deep", { ref: findRef(before, "button", `${label} r1c1`) }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "unsupported_frame" });
    expect(String((refused as { message?: string } | null)?.message)).toMatch(why);
    expect((await session.client.request("browser.read_page_deep", {})).text).not.toContain("clicked at");
  });
});
