import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { EXTENSION_ORIGIN } from "../../protocol/index.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/** Chrome's side panel opens about this wide. */
export const SIDE_PANEL_WIDTH = 360;
const SCREENSHOT_DIR = join(process.cwd(), "test-results", "side-panel");

export interface SidePanel {
  page: Page;
  /** Switches to a section (#now, #confirmations, #new, #history, #settings) and waits until it is drawn. */
  show(view: "now" | "confirmations" | "new" | "history" | "settings"): Promise<void>;
  /** Waits for a selector in the panel, re-read as pushes arrive. */
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  /** Saves the panel in light and dark under test-results/side-panel/. */
  capture(name: string): Promise<void>;
  text(): Promise<string>;
}

/** The panel's page in an ordinary tab, driven like a user would (the side panel itself is not scriptable by CDP). */
export async function openSidePanel(session: WebOperatorSession): Promise<SidePanel> {
  const page = await session.launched.browser.newPage();
  await page.setViewport({ width: SIDE_PANEL_WIDTH, height: 760 });
  await page.goto(`${EXTENSION_ORIGIN}extension/sidepanel/sidepanel.html#now`);
  await page.waitForSelector("body[data-ready]");
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    page,
    async show(view) {
      await page.evaluate((hash) => {
        location.hash = hash;
      }, view);
      await page.waitForSelector(`.tabs a[data-view="${view}"][aria-selected="true"]`);
    },
    async waitFor(selector, timeoutMs = 30_000) {
      await page.waitForSelector(selector, { timeout: timeoutMs });
    },
    async capture(name) {
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${scheme}.png`), fullPage: true });
      }
      await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
    },
    text: () => page.evaluate(() => document.body.innerText),
  };
}
