import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CommandResult } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

type ClickResult = CommandResult<"browser.click">;

/**
 * Where a click lands: a person's click on the middle of a control goes to whatever lies
 * under the pointer, which is often an inner element that holds the handler. Synthetic and
 * trusted clicks must agree, by the outer ref and by the inner one.
 */
describe("a click lands where a person's would, and a click that changed nothing says so", () => {
  let session: WebOperatorSession;
  let snapshot: string;
  const ref = (role: string, name: string): string => findRef(snapshot, role, name);
  /** The element after `role "name"` on the snapshot's next line: an inner ref. */
  const innerRef = (role: string, name: string): string => {
    const lines = snapshot.split("\n");
    const at = lines.findIndex((line) => line.includes(`- ${role} "${name}"`));
    const inner = /\[ref=([^\]]+)\]/.exec(lines[at + 1] ?? "")?.[1];
    if (at < 0 || inner === undefined) throw new Error(`no inner ref under ${role} "${name}" in:\n${snapshot}`);
    return inner;
  };
  const status = (result: ClickResult): string => /- status: ([^\n]*)/.exec(result.observation?.text ?? "")?.[1] ?? "(no observation)";
  const click = (ref: string, trusted: boolean): Promise<ClickResult> =>
    session.client.request(trusted ? "browser.click_trusted" : "browser.click", { ref }) as Promise<ClickResult>;

  beforeAll(async () => {
    session = await startWebOperatorSession();
  });
  afterAll(async () => {
    await session?.close();
  });
  beforeEach(async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/click-targets.html") });
    snapshot = (await session.client.request("browser.snapshot", { maxChars: 50_000 })).text;
  });

  for (const trusted of [false, true]) {
    const how = trusted ? "trusted" : "synthetic";
    describe(`${how} input`, () => {
      it("switches a jQuery UI tab by the tab's ref and by its inner link's", async () => {
        const byTab = await click(ref("tab", "Tab #2"), trusted);
        if (!trusted) expect(byTab.input).toBe("synthetic");
        expect(status(byTab)).toBe(`Tab #2 shown (${how})`);
        expect(byTab.effect).toBe("page_changed");
        expect(byTab.observation?.text).toContain("Second panel text");
        const byLink = await click(innerRef("tab", "Tab #3"), trusted);
        expect(status(byLink)).toBe(`Tab #3 shown (${how})`);
      });

      it("opens a card through its stretched title link, by the card's text and by the link", async () => {
        expect(status(await click(ref("generic", "A lamp for windy nights."), trusted))).toBe(`card opened (${how})`);
        expect(status(await click(ref("link", "Storm lamp"), trusted))).toBe(`card opened (${how})`);
      });

      it("toggles a checkbox wrapped in its label", async () => {
        const ticked = await click(ref("checkbox", "I accept the terms"), trusted);
        expect(status(ticked)).toBe(`terms accepted (${how})`);
        expect(ticked.effect).toBe("page_changed");
      });

      it("runs an icon button's handler that sits on its <svg>, by the button's ref and the drawing's", async () => {
        expect(status(await click(ref("button", "Delete draft"), trusted))).toBe(`draft deleted (${how})`);
        await session.client.request("browser.navigate", { url: session.pages.url("/click-targets.html") });
        snapshot = (await session.client.request("browser.snapshot", { maxChars: 50_000 })).text;
        expect(status(await click(innerRef("button", "Delete draft"), trusted))).toBe(`draft deleted (${how})`);
      });

      it("chooses a menu item whose handler is on an inner <span>, by either ref", async () => {
        expect(status(await click(ref("menuitem", "Rename"), trusted))).toBe(`Rename chosen (${how})`);
        expect(status(await click(innerRef("menuitem", "Archive"), trusted))).toBe(`Archive chosen (${how})`);
      });

      it("says effect none for a control that rightly changes nothing, and succeeds", async () => {
        const idle = await click(ref("button", "Does nothing"), trusted);
        expect(idle.effect).toBe("none");
        expect(idle.navigated).toBe(false);
        expect(status(idle)).toBe("idle");
      });
    });
  }
});
