import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "puppeteer-core";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { buildWidgetFixtures, serveWidgetFixtures, type BuiltWidgets } from "../helpers/widgetFixtures.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { refusalOf } from "../helpers/refusal.js";

/** Each editor's page, the textbox's name in the snapshot, and whether only trusted input reaches it. */
const EDITORS = [
  { widget: "slate", name: "Note", trustedOnly: false },
  { widget: "lexical", name: "Draft", trustedOnly: false },
  { widget: "tiptap", name: "Comment", trustedOnly: false },
  { widget: "quill", name: "Letter", trustedOnly: false },
  { widget: "codemirror", name: "Script", trustedOnly: false },
  // Monaco takes text through an EditContext on a 0 px wide element: trusted insertion only.
  { widget: "monaco", name: "Query", trustedOnly: true },
  // TinyMCE's classic mode: a contenteditable body inside a same-origin iframe.
  { widget: "tinymce", name: "Rich Text Area", trustedOnly: false },
  { widget: "composer", name: "Message #general", trustedOnly: false },
] as const;

interface EditorState {
  text: string;
  bold?: string[];
  sent?: string[];
  json?: { content?: unknown[] };
}

/**
 * Types into every editor built from its real library through the socket, and holds each
 * answer to what the editor itself holds (window.widgetState(), read from outside the
 * agent's path): no typing answer reports a value the editor does not have.
 */
describe("typing into rich-text and code editors lands in the editor's own model", () => {
  let session: WebOperatorSession;
  let built: BuiltWidgets;

  beforeAll(async () => {
    built = await buildWidgetFixtures(EDITORS.map((editor) => editor.widget));
    // The agent answers confirmations, so a held Enter comes back as confirmation_required.
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    serveWidgetFixtures(session.pages, built);
  });
  afterAll(async () => {
    await session?.close();
    built?.remove();
  });

  async function pageAt(url: string): Promise<Page> {
    for (const page of await session.launched.browser.pages()) if (page.url() === url) return page;
    throw new Error(`no tab at ${url}`);
  }

  /** Opens the widget, waits for its library to be up, and answers the editor's ref and a reader of its state. */
  async function open(widget: string, name: string): Promise<{ ref: string; state: () => Promise<EditorState> }> {
    const url = session.pages.url(`/widgets/${widget}.html`);
    await session.client.request("browser.navigate", { url });
    const page = await pageAt(url);
    await page.waitForFunction(() => {
      const state = (window as unknown as { widgetState?: () => { ready?: boolean } }).widgetState;
      return state !== undefined && state().ready !== false;
    });
    const { text } = await session.client.request("browser.snapshot", {});
    const state = (): Promise<EditorState> => page.evaluate(() => (window as unknown as { widgetState(): EditorState }).widgetState());
    return { ref: findRef(text, "textbox", name), state };
  }

  it.each(EDITORS)("$widget: replace, append and replace again answer what the editor holds", async ({ widget, name, trustedOnly }) => {
    const { ref, state } = await open(widget, name);

    const first = await session.client.request("browser.type", { ref, text: "Hello editor" });
    expect((await state()).text).toBe("Hello editor");
    expect(first.value).toBe((await state()).text);
    expect(first.escalated).toBe(trustedOnly ? "type_trusted" : undefined);

    const more = await session.client.request("browser.type", { ref, text: " and more", mode: "append" });
    expect((await state()).text).toBe("Hello editor and more");
    expect(more.value).toBe((await state()).text);

    const fresh = await session.client.request("browser.type", { ref, text: "Fresh start" });
    expect((await state()).text).toBe("Fresh start");
    expect(fresh.value).toBe((await state()).text);
  });

  it("an empty Slate editor shows its placeholder, not a value it does not hold", async () => {
    await open("slate", "Note");
    const line = (await session.client.request("browser.snapshot", {})).text.split("\n").find((each) => each.includes('textbox "Note"'));
    expect(line).toBeDefined();
    expect(line).not.toContain("[value=");
  });

  it.each([
    { widget: "lexical", name: "Draft" },
    { widget: "tiptap", name: "Comment" },
    { widget: "quill", name: "Letter" },
    { widget: "slate", name: "Note" },
    { widget: "tinymce", name: "Rich Text Area" },
  ])("$widget: a word selected with the keyboard turns bold with Control+b", async ({ widget, name }) => {
    const { ref, state } = await open(widget, name);
    await session.client.request("browser.type", { ref, text: "Pack the tent" });
    await session.client.request("browser.press", { key: "Control+Shift+ArrowLeft", ref });
    await session.client.request("browser.press", { key: "Control+b" });
    const held = await state();
    expect(held.text).toBe("Pack the tent");
    expect(held.bold).toEqual(["tent"]);
  });

  it("Enter in a rich-text editor named like a composer starts a paragraph; the composer's Enter stays held", async () => {
    const editor = await open("tiptap", "Comment");
    await session.client.request("browser.type", { ref: editor.ref, text: "First line" });
    // A textbox named "Comment" once read as a composer; TipTap's Enter makes a paragraph.
    await session.client.request("browser.press", { key: "Enter", ref: editor.ref });
    await session.client.request("browser.type", { ref: editor.ref, text: "Second line", mode: "append" });
    const paragraphs = await editor.state();
    expect(paragraphs.json?.content).toHaveLength(2);

    const composer = await open("composer", "Message #general");
    await session.client.request("browser.type", { ref: composer.ref, text: "Ship it" });
    // Shift+Enter is the composer's newline: it passes, and sends nothing.
    await session.client.request("browser.press", { key: "Shift+Enter", ref: composer.ref });
    await session.client.request("browser.type", { ref: composer.ref, text: "today", mode: "append" });
    expect(await composer.state()).toMatchObject({ text: "Ship it\ntoday", sent: [] });
    const held = await refusalOf(session.client.request("browser.press", { key: "Enter", ref: composer.ref }));
    expect(held.code).toBe("confirmation_required");
    expect(held.confirmation?.category).toBe("messaging");
    expect((await composer.state()).sent).toEqual([]);

    // The thread's textarea sends on Enter by its keydown handler: held as well.
    const reply = findRef((await session.client.request("browser.snapshot", {})).text, "textbox", "Reply in thread");
    await session.client.request("browser.type", { ref: reply, text: "On it" });
    const replyHeld = await refusalOf(session.client.request("browser.press", { key: "Enter", ref: reply }));
    expect(replyHeld.code).toBe("confirmation_required");
    expect((await composer.state()).sent).toEqual([]);
  });

  it("an editor that heeds only trusted input gets the text by escalation to trusted insertion", async () => {
    // Cancels every untrusted beforeinput as if it took it, and inserts nothing: only the read-back shows it did not.
    const url = inlinePage(
      session.pages,
      `<div contenteditable="true" role="textbox" aria-label="Strict note"><p>old</p></div>
       <script>document.querySelector("div").addEventListener("beforeinput", (event) => { if (!event.isTrusted) event.preventDefault(); });</script>`,
    );
    await session.client.request("browser.navigate", { url });
    const ref = findRef((await session.client.request("browser.snapshot", {})).text, "textbox", "Strict note");
    const typed = await session.client.request("browser.type", { ref, text: "new words" });
    expect(typed.escalated).toBe("type_trusted");
    expect(typed.value).toBe("new words");
    const page = await pageAt(url);
    expect(await page.evaluate(() => document.querySelector("div")?.innerText.trim())).toBe("new words");
  });

  it("an editor whose input is a textarea of no width is typed through the editor a person sees", async () => {
    // Monaco before EditContext, CodeMirror 5 and Ace take keys in a textarea of no size and draw the text beside it.
    const url = inlinePage(
      session.pages,
      `<div style="position:relative;width:320px;height:60px;border:1px solid #888">
         <textarea aria-label="Code pad" style="position:absolute;top:0;left:0;width:0;height:1px;padding:0;border:0;opacity:0;resize:none"></textarea>
         <div class="lines"></div>
       </div>
       <script>
         const pad = document.querySelector("textarea");
         pad.addEventListener("input", () => { document.querySelector(".lines").textContent = pad.value; });
       </script>`,
    );
    await session.client.request("browser.navigate", { url });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const typed = await session.client.request("browser.type", { ref: findRef(snapshot, "textbox", "Code pad"), text: "print(1)" });
    expect(typed.escalated).toBe("type_trusted");
    expect(typed.value).toBe("print(1)");
    const page = await pageAt(url);
    expect(await page.evaluate(() => document.querySelector("textarea")?.value)).toBe("print(1)");
  });

  it("an editor that takes no text answers dispatch_failed, never the text it does not hold", async () => {
    // Cancels every beforeinput and inserts nothing: neither the DOM path nor trusted insertion lands.
    const url = inlinePage(
      session.pages,
      `<div contenteditable="true" role="textbox" aria-label="Locked note"><p>kept</p></div>
       <script>document.querySelector("div").addEventListener("beforeinput", (event) => event.preventDefault());</script>`,
    );
    await session.client.request("browser.navigate", { url });
    const ref = findRef((await session.client.request("browser.snapshot", {})).text, "textbox", "Locked note");
    const refused = await refusalOf(session.client.request("browser.type", { ref, text: "replaced" }));
    expect(refused.code).toBe("dispatch_failed");
    expect(refused.stage).toBe("verify");
    expect(refused.message).toContain('"kept"');
  });
});
