import { describe, expect } from "vitest";
import type { Page } from "puppeteer-core";
import { asThePerson } from "../helpers/personsBrowser.js";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";
import type { WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * The highlight that shows a person what the agent acts on is drawn by the DevTools
 * overlay, not in the page: a page that watches its own DOM sees nothing of the agent.
 */
const it = sessionTest();

describe("an action highlight pages cannot observe", () => {
  it("changes nothing in the page's DOM across click, type, hover, drag and press, shows the outline, and names the agent", async ({
    session,
  }) => {
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/mutation-counter.html") });
    const page = (await session.launched.browser.pages()).find((candidate) => candidate.url().includes("/mutation-counter.html"));
    if (page === undefined) throw new Error("the agent's tab is not among the pages");
    const snapshot = (await session.client.request("browser.snapshot", { tabId })).text;
    const plain = findRef(snapshot, "button", "Plain button");

    // The outline shows for 900 ms from when it is drawn; a machine slow enough to miss it gets another click.
    let outlined = { r: 255, g: 255, b: 255 };
    for (let attempt = 0; attempt < 3 && outlined.b > 110; attempt++) {
      await session.client.request("browser.click", { ref: plain, tabId, reason: "press the plain button" });
      outlined = await outlineColourNear(session, page, tabId, "#plain");
    }
    await session.client.request("browser.type", { ref: findRef(snapshot, "textbox", "Note"), text: "hello", tabId });
    await session.client.request("browser.hover", { ref: findRef(snapshot, "button", "Tile"), tabId });
    await session.client.request("browser.drag", {
      from: { ref: findRef(snapshot, "button", "Tile") },
      to: { ref: findRef(snapshot, "button", "Spot") },
      tabId,
    });
    await session.client.request("browser.press", { key: "Tab", tabId });
    // Past the highlight's 900 ms, so its removal would have been seen too.
    await new Promise((done) => setTimeout(done, 1_200));

    expect(await page.evaluate(() => (window as unknown as { foreignMutations: string[] }).foreignMutations)).toEqual([]);
    expect(await page.$eval("#note", (input) => (input as HTMLInputElement).value)).toBe("hello");
    // The overlay drew the outline over the button (orange: strong red, some green, little blue).
    expect(outlined.r).toBeGreaterThan(180);
    expect(outlined.b).toBeLessThan(110);
    // The label names the agent where the page cannot read it: the toolbar button's tooltip for this tab, after its last labelled action.
    const title = await asThePerson<string>(session, `chrome.action.getTitle({ tabId: ${tabId} })`);
    expect(title).toMatch(/^WebOperator: agent [0-9a-f]{6}-\d+: type$/);
  });
});

/**
 * The most orange colour in a thin strip just left of the element, where the highlight's
 * outline runs, read from a capture through the extension's own debugger session (the overlay
 * belongs to it, so another session's capture does not show it, and browser.screenshot leaves
 * it out: viewportFidelity.test.ts).
 */
async function outlineColourNear(
  session: WebOperatorSession,
  page: Page,
  tabId: number,
  selector: string,
): Promise<{ r: number; g: number; b: number }> {
  const box = await page.$eval(selector, (element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left, y: rect.top, height: rect.height };
  });
  const shot = {
    data: await asThePerson<string>(
      session,
      `chrome.debugger.sendCommand({ tabId: ${tabId} }, "Page.captureScreenshot", { format: "png" }).then((shot) => shot.data)`,
    ),
    scale: await page.evaluate(() => window.devicePixelRatio),
  };
  // Decoded by the browser itself, in a page of its own: no PNG library needed.
  const scratch = await page.browser().newPage();
  try {
    return await scratch.evaluate(
      async (data: string, strip: { x: number; y: number; width: number; height: number }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d");
        if (context === null) throw new Error("no 2d context");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(
          Math.max(0, Math.round(strip.x)),
          Math.round(strip.y),
          Math.max(1, Math.round(strip.width)),
          Math.max(1, Math.round(strip.height)),
        ).data;
        let best = { r: 255, g: 255, b: 255 };
        for (let index = 0; index < pixels.length; index += 4) {
          const [r = 0, g = 0, b = 0] = [pixels[index], pixels[index + 1], pixels[index + 2]];
          if (r - b > best.r - best.b) best = { r, g, b };
        }
        return best;
      },
      shot.data,
      { x: (box.x - 6) * shot.scale, y: box.y * shot.scale, width: 6 * shot.scale, height: box.height * shot.scale },
    );
  } finally {
    await scratch.close();
  }
}
