import type { Page } from "playwright-core";
import { refIn } from "./snapshotRefs.js";
import type { WidgetAgent } from "./widgetTask.js";

const TIMEOUT_MS = 30_000;
/** Playwright MCP's default settle time after an action (its `timeouts.settle`). */
const SETTLE_MS = 500;

/**
 * The same scripted agent through Playwright, the way Playwright MCP drives a page: its AI
 * snapshot (`ariaSnapshot({ mode: "ai" })`, iframes included) and `aria-ref` locators
 * (`page.getByRef`). type is `fill`, as MCP's browser_type does by default, and
 * `pressSequentially` (its `slowly`) on a later attempt when fill failed; drag is `dragTo`,
 * select `selectOption`.
 */
export function playwrightAgent(page: Page, attempt: number): WidgetAgent {
  let latest: string | null = null;
  const look = async (): Promise<string> => {
    latest = await page.ariaSnapshot({ mode: "ai", timeout: TIMEOUT_MS });
    return latest;
  };
  const at = (ref: string) => page.getByRef(ref);

  return {
    driver: "playwright",
    look,
    async find(role, name) {
      const seen = latest ?? (await look());
      let ref = refIn(seen, role, name) ?? refIn(await look(), role, name);
      // Playwright answers a key press before the page has moved (a smooth scroll, a list
      // rendering rows): as an agent would with browser_wait_for, wait MCP's settle time and look again.
      if (ref === null) {
        await page.waitForTimeout(SETTLE_MS);
        ref = refIn(await look(), role, name);
      }
      if (ref === null) throw new Error(`no ${role} named ${String(name)} in the AI snapshot:\n${latest ?? ""}`);
      return ref;
    },
    async click(ref) {
      await at(ref).click({ timeout: TIMEOUT_MS });
    },
    async type(ref, text) {
      try {
        await at(ref).fill(text, { timeout: TIMEOUT_MS });
      } catch (error) {
        if (attempt === 1) throw error;
        await at(ref).pressSequentially(text, { timeout: TIMEOUT_MS });
      }
    },
    async press(key, ref) {
      if (ref === undefined) await page.keyboard.press(key);
      else await at(ref).press(key, { timeout: TIMEOUT_MS });
    },
    async select(ref, option) {
      await at(ref).selectOption({ label: option }, { timeout: TIMEOUT_MS });
    },
    async drag(from, to) {
      await at(from).dragTo(at(to), { timeout: TIMEOUT_MS });
    },
  };
}
