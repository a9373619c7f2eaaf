import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandPayloadInput, CommandResult, CommandType } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/** Decodes the 8-bit RGB(A), non-interlaced PNGs Chrome writes, enough to read pixels back. */
function decodePng(base64: string): { width: number; height: number; rgb(x: number, y: number): [number, number, number] } {
  const bytes = Buffer.from(base64, "base64");
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const channels = bytes[25] === 6 ? 4 : 3;
  expect(bytes[24]).toBe(8);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    if (bytes.toString("latin1", offset + 4, offset + 8) === "IDAT") idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const value = raw[row * (stride + 1) + 1 + i] ?? 0;
      const left = i >= channels ? (pixels[row * stride + i - channels] ?? 0) : 0;
      const up = row > 0 ? (pixels[(row - 1) * stride + i] ?? 0) : 0;
      const upLeft = row > 0 && i >= channels ? (pixels[(row - 1) * stride + i - channels] ?? 0) : 0;
      const paeth = (): number => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      pixels[row * stride + i] = (value + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb: (x, y) => {
      const at = Math.floor(y) * stride + Math.floor(x) * channels;
      return [pixels[at] ?? -1, pixels[at + 1] ?? -1, pixels[at + 2] ?? -1];
    },
  };
}

describe("L2 pointer, keyboard-hold and image tools, end to end through the socket", () => {
  let session: WebOperatorSession;

  beforeAll(async () => {
    session = await startWebOperatorSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  const request = <T extends CommandType>(type: T, payload: CommandPayloadInput<T>): Promise<CommandResult<T>> =>
    session.client.request(type, payload);
  const pageText = async (): Promise<string> => (await request("browser.extract", {})).text;
  /** Wheel scrolling and CSS hover apply asynchronously; poll the page, bounded by the test timeout. */
  const eventually = async (check: () => Promise<boolean>): Promise<void> => {
    while (!(await check())) await new Promise((done) => setTimeout(done, 50));
  };

  it("click_xy dispatches trusted left, right, middle, double and triple clicks with modifiers", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    const clicked = await request("browser.click_xy", { x: 100, y: 60 });
    expect(clicked).toMatchObject({ x: 100, y: 60, button: "left", count: 1, target: { tag: "div", name: "Click pad" } });
    // Only the point itself: no boxes, screenshots or visualization data in the result.
    expect(Object.keys(clicked).sort()).toEqual([
      "button",
      "count",
      "dialogs",
      "effect",
      "engine",
      "navigated",
      "observation",
      "settled",
      "tabId",
      "target",
      "url",
      "x",
      "y",
    ]);
    expect(JSON.stringify(clicked.observation)).not.toMatch(/"(box|clip|data)"/);
    await request("browser.click_xy", { x: 100, y: 60, button: "right" });
    await request("browser.click_xy", { x: 100, y: 60, button: "middle" });
    await request("browser.click_xy", { x: 100, y: 60, count: 2, modifiers: ["shift"] });
    await request("browser.click_xy", { x: 100, y: 60, modifiers: ["ctrl+alt"] });
    const text = await pageText();
    // Chrome's own sequence: a right click is contextmenu (detail 0) plus auxclick; a middle click is auxclick.
    expect(text).toContain("click/trusted/b0/d1 contextmenu/trusted/b2/d0 auxclick/trusted/b2/d1 auxclick/trusted/b1/d1 ");
    expect(text).toContain("click/trusted/b0/d1+shift click/trusted/b0/d2+shift dblclick/trusted/b0/d2+shift ");
    expect(text).toContain("click/trusted/b0/d1+ctrl+alt");
    expect(text).not.toContain("synthetic");

    await request("browser.click_xy", { x: 40, y: 172, count: 2 });
    expect(await pageText()).toContain("Selection: [Alpha]");
    await request("browser.click_xy", { x: 40, y: 172, count: 3 });
    expect(await pageText()).toContain("Selection: [Alpha bravo charlie delta echo foxtrot.]");
  });

  it("click_xy refuses points outside the viewport and unknown modifiers", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    expect(await session.errorCode("browser.click_xy", { x: 50_000, y: 10 })).toBe("bad_request");
    expect(await session.errorCode("browser.click_xy", { x: 10, y: 50_000 })).toBe("bad_request");
    expect(await session.errorCode("browser.click_xy", { x: -1, y: 10 })).toBe("bad_request");
    expect(await session.errorCode("browser.click_xy", { x: 10, y: 10, modifiers: ["a"] })).toBe("bad_request");
    expect(await session.errorCode("browser.click_xy", { x: 10, y: 10, count: 4 })).toBe("bad_request");
    expect(await pageText()).toMatch(/Clicks:\n/);
  });

  it("mouse_move opens a CSS :hover menu and closes it when the pointer leaves", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    expect((await request("browser.snapshot", {})).text).not.toContain('link "Widgets"');
    const moved = await request("browser.mouse_move", { x: 320, y: 30 });
    expect(moved).toMatchObject({ x: 320, y: 30, buttonsHeld: [], target: { tag: "button", role: "button", name: "Products" } });
    const open = await request("browser.snapshot", {});
    const widgets = findRef(open.text, "link", "Widgets");
    expect(widgets).toBeTruthy();
    await request("browser.mouse_move", { x: 700, y: 400 });
    expect((await request("browser.snapshot", {})).text).not.toContain('link "Widgets"');
  });

  it("mouse_down, mouse_move and mouse_up hold the button between calls", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    const down = await request("browser.mouse_down", { x: 40, y: 40 });
    expect(down).toMatchObject({ x: 40, y: 40, buttonsHeld: ["left"], target: { tag: "div" } });
    expect(await session.errorCode("browser.mouse_down", {})).toBe("bad_request");
    expect((await request("browser.mouse_move", { x: 120, y: 70 })).buttonsHeld).toEqual(["left"]);
    expect(await pageText()).toContain("Moves: move/trusted/buttons1");
    const up = await request("browser.mouse_up", {});
    expect(up).toMatchObject({ x: 120, y: 70, buttonsHeld: [] });
    await request("browser.mouse_move", { x: 130, y: 70 });
    const text = await pageText();
    expect(text).toContain("Moves: move/trusted/buttons0");
    expect(text).toContain("mousedown/trusted/b0/buttons1 mouseup/trusted/b0/buttons0");

    await request("browser.mouse_down", { x: 60, y: 60, button: "right" });
    await request("browser.mouse_up", { button: "right" });
    expect(await pageText()).toContain("mousedown/trusted/b2/buttons2 mouseup/trusted/b2/buttons0");
  });

  it("mouse_up without mouse_down and half-given points are clear errors", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    expect(await session.errorCode("browser.mouse_up", { x: 40, y: 40 })).toBe("bad_request");
    expect(await session.errorCode("browser.mouse_up", {})).toBe("bad_request");
    expect(await session.errorCode("browser.mouse_down", { x: 40 })).toBe("bad_request");
    expect(await session.errorCode("browser.mouse_down", { x: 40, y: 90_000 })).toBe("bad_request");
    expect(await session.errorCode("browser.mouse_move", { x: 90_000, y: 40 })).toBe("bad_request");
    expect(await pageText()).toMatch(/Buttons:\n/);
  });

  it("scroll_xy wheels whatever is under the point: an inner list, then the page", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    const wheel = await request("browser.scroll_xy", { x: 600, y: 220, direction: "down", amount: 200 });
    expect(wheel).toMatchObject({ deltaX: 0, deltaY: 200, target: { tag: "div" } });
    await eventually(async () => /Inner scroll: [1-9]\d*/.test(await pageText()));
    expect(await pageText()).toContain("page scroll: 0");
    await request("browser.scroll_xy", { x: 300, y: 100, direction: "down", amount: 100 });
    await eventually(async () => /page scroll: [1-9]\d*/.test(await pageText()));
    expect(await session.errorCode("browser.scroll_xy", { x: 600, y: 99_999, direction: "down" })).toBe("bad_request");
  });

  it("hold_key holds a trusted key down for the duration, then releases it", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-input.html") });
    const held = await request("browser.hold_key", { key: "Shift", durationMs: 300 });
    expect(held.heldMs).toBeGreaterThanOrEqual(300);
    const afterShift = await pageText();
    expect(afterShift).toMatch(/Keys: down\/Shift\/trusted\+shift up\/Shift\/trusted\n/);
    // The page measured keydown->keyup with its own clock: the key stayed down, it was not a tap.
    expect(Number(/Held: (\d+)ms/.exec(afterShift)?.[1])).toBeGreaterThanOrEqual(250);
    await request("browser.hold_key", { key: "ctrl+ArrowRight", durationMs: 0 });
    expect(await pageText()).toContain("down/Control/trusted+ctrl down/ArrowRight/trusted+ctrl up/ArrowRight/trusted up/Control/trusted");
    expect(await session.errorCode("browser.hold_key", { key: "NoSuchKey", durationMs: 10 })).toBe("invalid_key");
    expect(await session.errorCode("browser.hold_key", { key: "a", durationMs: 60_000 })).toBe("bad_request");
    await expect(session.client.request("browser.hold_key", { key: "a", durationMs: 25_000 }, { timeoutMs: 5_000 })).rejects.toMatchObject({
      code: "bad_request",
    });
  });

  it("drag performs a native HTML5 drag and drop between refs", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-drag.html") });
    const snapshot = await request("browser.snapshot", {});
    const dragged = await request("browser.drag", {
      from: { ref: findRef(snapshot.text, "button", "Card B") },
      to: { ref: findRef(snapshot.text, "region", "Bin") },
    });
    expect(dragged).toMatchObject({
      mode: "html5",
      from: { x: 100, y: 100 },
      to: { x: 400, y: 70 },
      source: { name: "Card B" },
      target: { tag: "section" },
    });
    const text = await pageText();
    expect(text).toContain("Dropped: card-b (trusted)");
    expect(text).toContain("dragstart/trusted");
    expect(text).toContain("dragenter/trusted");
    expect(text).toContain("drop/trusted");
    expect(text).not.toContain("synthetic");
  });

  it("drag moves a pointer-based sortable item with the button held, and mixes a ref with a point", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-drag.html") });
    // Items are 40 px tall from y=180: A 180-220, B 220-260, C 260-300, D 300-340.
    const dragged = await request("browser.drag", { from: { x: 100, y: 200 }, to: { x: 100, y: 290 }, steps: 8 });
    expect(dragged).toMatchObject({ mode: "pointer", source: { name: "Item A" }, target: { name: "Item C" } });
    const text = await pageText();
    expect(text).toContain("Order: Item B, Item C, Item A, Item D (trusted)");
    expect(text).not.toMatch(/Sort moves: 0\b/);

    const snapshot = await request("browser.snapshot", {});
    const itemD = /- listitem \[ref=([^\]]+)\]: Item D/.exec(snapshot.text)?.[1] ?? "";
    const mixed = await request("browser.drag", { from: { ref: itemD }, to: { x: 100, y: 190 } });
    expect(mixed.mode).toBe("pointer");
    expect(await pageText()).toContain("Order: Item D, Item B, Item C, Item A (trusted)");
  });

  it("drag and screenshot answer stale_ref for refs of a previous page", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-drag.html") });
    const snapshot = await request("browser.snapshot", {});
    const card = findRef(snapshot.text, "button", "Card A");
    await request("browser.navigate", { url: session.pages.url("/pointer-drag.html") });
    expect(await session.errorCode("browser.drag", { from: { ref: card }, to: { x: 400, y: 70 } })).toBe("stale_ref");
    expect(await session.errorCode("browser.screenshot", { ref: card })).toBe("stale_ref");
    expect(await session.errorCode("browser.drag", { from: { x: 100, y: 40 }, to: { x: 99_999, y: 70 } })).toBe("bad_request");
    await request("browser.mouse_down", { x: 100, y: 40 });
    expect(await session.errorCode("browser.drag", { from: { x: 100, y: 40 }, to: { x: 400, y: 70 } })).toBe("bad_request");
    await request("browser.mouse_up", {});
    expect(await pageText()).toContain("Dropped: nothing");
  });

  it("screenshots a ref's region and zooms into it; click_xy at the mapped point hits it", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-shot.html") });
    const snapshot = await request("browser.snapshot", {});
    const shot = await request("browser.screenshot", { ref: findRef(snapshot.text, "button", "Red target") });
    expect(shot.clip.width).toBe(240);
    expect(shot.clip.height).toBe(120);
    expect(shot.width).toBe(Math.round(shot.clip.width * shot.scale));
    expect(shot.height).toBe(Math.round(shot.clip.height * shot.scale));
    const image = decodePng(shot.data);
    expect([image.width, image.height]).toEqual([shot.width, shot.height]);
    expect(image.rgb(image.width / 2, image.height / 2)).toEqual([255, 0, 0]);
    expect(image.rgb(2, 2)).toEqual([255, 0, 0]);

    // The ref was scrolled into view, so its clip is a viewport region.
    const zoom = await request("browser.zoom", { x: shot.clip.x + 10, y: shot.clip.y + 10, width: 50, height: 25 });
    expect(zoom.scale).toBe(4);
    expect([zoom.width, zoom.height]).toEqual([200, 100]);
    expect(decodePng(zoom.data).rgb(100, 50)).toEqual([255, 0, 0]);
    const twice = await request("browser.zoom", { x: shot.clip.x, y: shot.clip.y, width: 100, height: 50, scale: 2 });
    expect([twice.width, twice.height, twice.scale]).toEqual([200, 100, 2]);

    const centre = { x: shot.clip.x + image.width / 2 / shot.scale, y: shot.clip.y + image.height / 2 / shot.scale };
    const clicked = await request("browser.click_xy", centre);
    expect(clicked.target).toMatchObject({ tag: "button", name: "Red target" });
    expect(await pageText()).toContain("Red clicked (trusted)");
  });

  it("maps refs and points through same-origin iframes", async () => {
    await request("browser.navigate", { url: session.pages.url("/frames.html") });
    const snapshot = await request("browser.snapshot", {});
    const shot = await request("browser.screenshot", { ref: findRef(snapshot.text, "button", "Srcdoc button") });
    expect(shot.clip.x).toBeGreaterThan(0);
    const clicked = await request("browser.click_xy", { x: shot.clip.x + shot.clip.width / 2, y: shot.clip.y + shot.clip.height / 2 });
    expect(clicked.target).toMatchObject({ tag: "button", role: "button", name: "Srcdoc button" });
    expect((await request("browser.snapshot", {})).text).toMatch(/button "pressed"/);
    expect(await session.errorCode("browser.click_xy", { x: 10, y: 10, tabId: 987_654_321 })).toBe("tab_not_found");
  });

  it("captures the full page and the viewport, scaled to fit and reporting the scale", async () => {
    await request("browser.navigate", { url: session.pages.url("/pointer-shot.html") });
    await request("browser.scroll", { direction: "down", amount: 700 });
    const viewport = await request("browser.screenshot", {});
    expect(viewport.clip).toMatchObject({ x: 0, y: 0 });
    expect(viewport.scale).toBe(1);
    expect([viewport.width, viewport.height]).toEqual([viewport.clip.width, viewport.clip.height]);

    const full = await request("browser.screenshot", { fullPage: true });
    // 3000 px of page above a cap of 1568: scaled down, and the clip starts at minus the scroll offset.
    expect(full.clip).toMatchObject({ x: 0, y: -700, width: viewport.clip.width, height: 3000 });
    expect(full.scale).toBeLessThan(1);
    expect(full.height).toBeLessThanOrEqual(1568);
    expect(Math.abs(full.width - full.clip.width * full.scale)).toBeLessThanOrEqual(1);
    expect(Math.abs(full.height - full.clip.height * full.scale)).toBeLessThanOrEqual(1);
    const page = decodePng(full.data);
    expect([page.width, page.height]).toEqual([full.width, full.height]);
    expect(page.rgb(5, 5)).toEqual([0, 0, 255]);
    expect(page.rgb(5, page.height - 5)).toEqual([0, 160, 0]);
    // The red button sits at page y 1500..1620, x 100..340: map it through the reported scale.
    expect(page.rgb(220 * full.scale, 1560 * full.scale)).toEqual([255, 0, 0]);

    const small = await request("browser.screenshot", { maxWidth: 200 });
    expect(small.width).toBeLessThanOrEqual(200);
    expect(small.scale).toBeCloseTo(small.width / small.clip.width, 5);
    expect(await session.errorCode("browser.screenshot", { fullPage: true, ref: "sabc_1_1" })).toBe("bad_request");
    expect(await session.errorCode("browser.zoom", { x: 10, y: 10, width: 99_999, height: 10 })).toBe("bad_request");
  });
});
