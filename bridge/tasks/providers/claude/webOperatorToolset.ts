import {
  BetaAbstractBrowserToolset20260801,
  ToolError,
  type BetaBrowserToolsetOptions,
  type BetaToolsetCallContext as Ctx,
} from "@anthropic-ai/sdk/helpers/beta/toolsets";
import { BetaNodeFilePolicy } from "@anthropic-ai/sdk/helpers/beta/toolsets/node";
import type { BetaBrowserMemberResult, BetaBrowserNavigateResult, BetaScreenshotResult } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { newUntrustedBoundary } from "../../../../protocol/index.js";
import type { TargetHint } from "../../taskTypes.js";
import { NO_EFFECT_HINT, type ActionEffect, type CommandResult } from "../../../../protocol/index.js";
import {
  modifierList,
  normalizeUrl,
  optionalInt,
  requireClickTarget,
  requireCoordinate,
  requireNumber,
  requireRefTarget,
  requireText,
} from "./memberInput.js";
import { toClaudeTree } from "./refMap.js";
import { SCREENSHOT_MAX_HEIGHT, SCREENSHOT_MAX_WIDTH, TaskBrowser } from "./taskBrowser.js";

const READ_PAGE_MAX_CHARS = 50_000;
const PAGE_TEXT_MAX_CHARS = 50_000;
const WHEEL_NOTCH_PX = 100;
/** Typing at the focus is one trusted key press per character. */
const TYPE_AT_FOCUS_MAX_CHARS = 500;
/** Characters whose key press has a name of its own. */
const KEY_FOR_CHARACTER: Record<string, string> = { " ": "Space", "\n": "Enter", "\t": "Tab" };

type Button = "left" | "right" | "middle";

/** What the SDK itself would answer for each click member. */
const CLICKED: Record<Button, Record<1 | 2 | 3, string>> = {
  left: { 1: "Clicked.", 2: "Double-clicked.", 3: "Triple-clicked." },
  right: { 1: "Right-clicked.", 2: "Right-clicked.", 3: "Right-clicked." },
  middle: { 1: "Middle-clicked.", 2: "Middle-clicked.", 3: "Middle-clicked." },
};

/** Undefined keeps the SDK's own text; a click that changed nothing says so, so the model tries another target. */
function effectLine(done: string, result: { effect: ActionEffect }): string | undefined {
  return result.effect === "none" ? `${done} ${NO_EFFECT_HINT}` : undefined;
}

/** Roles a click leaves the focus in, so that type can aim at them by ref. */
const TYPABLE_ROLES: ReadonlySet<string> = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);

/**
 * `browser_toolset_20260801` on WebOperator's tools: each member the model calls runs
 * as one task step, through the task's own tabs and the gatekeeper. The SDK base class
 * renders results, browser_state blocks, downloads, the batch halt text and error caps.
 */
export class WebOperatorToolset extends BetaAbstractBrowserToolset20260801 {
  private lastLocator: TargetHint | undefined;

  constructor(
    private readonly browser: TaskBrowser,
    options: Omit<BetaBrowserToolsetOptions, "browserState">,
  ) {
    super({ ...options, browserState: () => browser.report() });
  }

  static forTask(browser: TaskBrowser): WebOperatorToolset {
    const task = browser.task;
    const attachments = task.attachments.map((attachment) => attachment.id);
    return new WebOperatorToolset(browser, {
      configs: {
        javascript_exec: { enabled: task.options.allowJavaScript },
        file_upload: { enabled: attachments.length > 0 },
        read_console: { enabled: true },
        read_network: { enabled: true },
      },
      // Upload paths are never accepted: the model names attachments by id (document_ids).
      filePolicy: new BetaNodeFilePolicy({ uploadRoots: [], uploadDocumentIds: attachments }),
      // Consequential calls are judged per call by the gatekeeper (confirmation_required → tasks.confirm);
      // here only the task's own switches decide the two optional members.
      confirm: (ctx) => (ctx.member === "javascript_exec" ? task.options.allowJavaScript : true),
    });
  }

  /** Every member call is one task step: paused, stopped, counted, recorded, announced. */
  protected override async execute(
    ctx: Ctx,
    name: Parameters<BetaAbstractBrowserToolset20260801["execute"]>[1],
    input: Beta.BetaBrowserMemberInput,
  ): Promise<BetaBrowserMemberResult> {
    const task = this.browser.task;
    return task.step(name, input, async () => {
      this.lastLocator = undefined;
      const session = task as { currentAction?: string | null };
      session.currentAction = name;
      const value = await super.execute(ctx, name, input);
      const stateHash = await this.browser.stateHash().catch(() => undefined);
      return {
        value,
        summary: summarize(name, value),
        record: value,
        locator: this.lastLocator,
        ...(stateHash === undefined ? {} : { stateHash }),
      };
    });
  }

  protected override async navigate(_ctx: Ctx, input: Beta.BetaBrowserNavigateInput): Promise<BetaBrowserNavigateResult> {
    const tabId = this.browser.tabFor(input.tab_id);
    const where = requireText(input.url, "url", 8_192);
    this.browser.forgetRefs(tabId);
    if (where === "back" || where === "forward") {
      const moved = await this.browser.call(where === "back" ? "browser.go_back" : "browser.go_forward", { tabId });
      if (!moved.moved) throw new ToolError(`There is no page to go ${where} to in this tab.`);
      return { url: moved.url, title: moved.title };
    }
    const loaded =
      where === "reload"
        ? await this.browser.call("browser.reload", { tabId })
        : await this.browser.call("browser.navigate", { url: normalizeUrl(where), tabId });
    return { url: loaded.url, title: loaded.title };
  }

  protected override async screenshot(_ctx: Ctx, input: Beta.BetaBrowserScreenshotInput): Promise<BetaScreenshotResult> {
    const tabId = this.browser.tabFor(input.tab_id);
    const shot = await this.browser.call("browser.screenshot", { tabId, maxWidth: SCREENSHOT_MAX_WIDTH, maxHeight: SCREENSHOT_MAX_HEIGHT });
    this.browser.rememberScale(tabId, shot.scale);
    return { data: shot.data, mediaType: "image/png" };
  }

  protected override async zoom(_ctx: Ctx, input: Beta.BetaBrowserZoomInput): Promise<BetaScreenshotResult> {
    const tabId = this.browser.tabFor(input.tab_id);
    const region = input.region;
    if (!Array.isArray(region) || region.length !== 4) throw new ToolError("region must be [x0, y0, x1, y1] in viewport pixels.");
    const [x0, y0, x1, y1] = region.map((value, index) => requireNumber(value, `region[${index}]`, 0, 100_000)) as [
      number,
      number,
      number,
      number,
    ];
    if (x1 <= x0 || y1 <= y0) throw new ToolError("region must have x1 > x0 and y1 > y0.");
    const from = this.browser.toViewport(tabId, { x: x0, y: y0 });
    const to = this.browser.toViewport(tabId, { x: x1, y: y1 });
    const shot = await this.browser.call("browser.zoom", { tabId, x: from.x, y: from.y, width: to.x - from.x, height: to.y - from.y });
    return { data: shot.data, mediaType: "image/png" };
  }

  protected override left_click(_ctx: Ctx, input: Beta.BetaBrowserLeftClickInput): Promise<string | undefined> {
    return this.click(input, "left", 1);
  }
  protected override right_click(_ctx: Ctx, input: Beta.BetaBrowserRightClickInput): Promise<string | undefined> {
    return this.click(input, "right", 1);
  }
  protected override middle_click(_ctx: Ctx, input: Beta.BetaBrowserMiddleClickInput): Promise<string | undefined> {
    return this.click(input, "middle", 1);
  }
  protected override double_click(_ctx: Ctx, input: Beta.BetaBrowserDoubleClickInput): Promise<string | undefined> {
    return this.click(input, "left", 2);
  }
  protected override triple_click(_ctx: Ctx, input: Beta.BetaBrowserTripleClickInput): Promise<string | undefined> {
    return this.click(input, "left", 3);
  }

  protected override async hover(_ctx: Ctx, input: Beta.BetaBrowserHoverInput): Promise<string | undefined> {
    const tabId = this.browser.tabFor(input.tab_id);
    const target = requireClickTarget(input.target);
    if (target.type === "ref") {
      const { ref, hint } = this.resolve(tabId, target.ref);
      return effectLine("Hovered.", await this.browser.call("browser.hover", { tabId, ref }, hint));
    }
    await this.browser.call("browser.mouse_move", { tabId, ...this.browser.toViewport(tabId, target) });
    return undefined;
  }

  protected override async left_click_drag(_ctx: Ctx, input: Beta.BetaBrowserLeftClickDragInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const from = this.browser.toViewport(tabId, requireCoordinate(input.from, "from"));
    const to = this.browser.toViewport(tabId, requireCoordinate(input.target, "target"));
    await this.browser.call("browser.drag", { tabId, from, to });
  }

  protected override async left_mouse_down(_ctx: Ctx, input: Beta.BetaBrowserLeftMouseDownInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    await this.browser.call("browser.mouse_down", {
      tabId,
      ...this.browser.toViewport(tabId, requireCoordinate(input.target, "target")),
      button: "left",
    });
  }

  protected override async left_mouse_up(_ctx: Ctx, input: Beta.BetaBrowserLeftMouseUpInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    await this.browser.call("browser.mouse_up", {
      tabId,
      ...this.browser.toViewport(tabId, requireCoordinate(input.target, "target")),
      button: "left",
    });
  }

  protected override async mouse_move(_ctx: Ctx, input: Beta.BetaBrowserMouseMoveInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    await this.browser.call("browser.mouse_move", { tabId, ...this.browser.toViewport(tabId, requireCoordinate(input.target, "target")) });
  }

  protected override async scroll(_ctx: Ctx, input: Beta.BetaBrowserScrollInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const point = this.browser.toViewport(tabId, requireCoordinate(input.target, "target"));
    const direction = input.scroll_direction;
    if (direction !== "up" && direction !== "down" && direction !== "left" && direction !== "right")
      throw new ToolError('scroll_direction must be "up", "down", "left" or "right".');
    const notches = optionalInt(input.scroll_amount, "scroll_amount", 1, 10, 3);
    await this.browser.call("browser.scroll_xy", { tabId, ...point, direction, amount: notches * WHEEL_NOTCH_PX });
  }

  protected override async scroll_to(_ctx: Ctx, input: Beta.BetaBrowserScrollToInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const { ref, hint } = this.resolve(tabId, requireRefTarget(input.target, "target"));
    await this.browser.call("browser.scroll_to", { tabId, ref }, hint);
  }

  /**
   * Types at the current focus: into the field the model last clicked by ref while nothing
   * since can have moved the focus, else as trusted key presses wherever the page's focus is.
   */
  protected override async type_(_ctx: Ctx, input: Beta.BetaBrowserTypeInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const text = requireText(input.text, "text");
    const focused = this.browser.focused(tabId);
    if (focused !== undefined) {
      await this.browser.call("browser.type", { tabId, ref: focused, text, mode: "append" }, this.lastLocator);
      return;
    }
    if (text.length > TYPE_AT_FOCUS_MAX_CHARS)
      throw new ToolError(
        `Typing at the focus takes at most ${TYPE_AT_FOCUS_MAX_CHARS} characters at a time: split the text, or click the field by ref and type.`,
      );
    for (const character of text) await this.browser.call("browser.press", { tabId, key: KEY_FOR_CHARACTER[character] ?? character });
  }

  protected override async key(_ctx: Ctx, input: Beta.BetaBrowserKeyInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    // Tab, Enter, Escape or a shortcut may move the focus: the next type goes wherever it is then.
    this.browser.rememberFocus(tabId, null);
    const keys = requireText(input.text, "text", 1_000)
      .split(" ")
      .filter((key) => key.length > 0);
    const repeat = optionalInt(input.repeat, "repeat", 1, 100, 1);
    for (let round = 0; round < repeat; round++) {
      for (const key of keys) await this.browser.call("browser.press", { tabId, key });
    }
  }

  protected override async hold_key(_ctx: Ctx, input: Beta.BetaBrowserHoldKeyInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const seconds = requireNumber(input.duration, "duration", 0, 30);
    this.browser.rememberFocus(tabId, null);
    await this.browser.call("browser.hold_key", {
      tabId,
      key: requireText(input.text, "text", 100),
      durationMs: Math.round(seconds * 1000),
    });
  }

  protected override async form_input(_ctx: Ctx, input: Beta.BetaBrowserFormInputInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const { ref, hint } = this.resolve(tabId, requireRefTarget(input.target, "target"));
    const value = input.value;
    if (typeof value === "boolean") {
      const checked = await this.isChecked(tabId, ref);
      if (checked !== value) await this.browser.call("browser.click", { tabId, ref }, hint);
      return;
    }
    if (typeof value !== "string" && typeof value !== "number") throw new ToolError("value must be a string, number or boolean.");
    const text = String(value);
    if (hint.role === "combobox" || hint.role === "listbox") {
      try {
        await this.browser.call("browser.select_option", { tabId, ref, labels: [text] }, hint);
      } catch {
        await this.browser.call("browser.select_option", { tabId, ref, values: [text] }, hint);
      }
      return;
    }
    await this.browser.call("browser.type", { tabId, ref, text, mode: "replace" }, hint);
  }

  protected override async read_page(_ctx: Ctx, input: Beta.BetaBrowserReadPageInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    const depth = optionalInt(input.depth, "depth", 1, 200, 15);
    const scoped = input.ref === undefined || input.ref === null ? undefined : this.resolve(tabId, input.ref).ref;
    const page = await this.browser.call("browser.read_page", {
      tabId,
      mode: input.filter === "interactive" ? "interactive" : "all",
      // The toolset's filters: none is every visible element, "interactive" the visible interactive ones, "all" the whole page.
      viewportOnly: input.filter !== "all",
      depth,
      maxChars: READ_PAGE_MAX_CHARS,
      ...(scoped === undefined ? {} : { ref: scoped }),
    });
    const tree = pageData(toClaudeTree(page.text, this.browser.refsOf(tabId)));
    return page.truncated
      ? `${tree}\n[Output capped at ${READ_PAGE_MAX_CHARS} characters: read a smaller depth or a ref's subtree.]`
      : tree;
  }

  protected override async find(_ctx: Ctx, input: Beta.BetaBrowserFindInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    const found = await this.browser.call("browser.find_in_page", { tabId, query: requireText(input.query, "query", 500), match: "words" });
    if (found.matchCount === 0) return `No element matches "${input.query}". Try other words, or read_page with filter "interactive".`;
    return pageData(toClaudeTree(found.text, this.browser.refsOf(tabId)));
  }

  protected override async get_page_text(_ctx: Ctx, input: Beta.BetaBrowserGetPageTextInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    // The whole text, as far as the content script's own cap: what the model is not given is kept for the person.
    let text = "";
    let fromChar: number | undefined = 0;
    while (fromChar !== undefined) {
      const page: CommandResult<"browser.extract"> = await this.browser.call("browser.extract", { tabId, format: "markdown", fromChar });
      text += page.text;
      // Guarded: an offset that does not move on would read the same slice forever.
      fromChar = page.nextChar !== undefined && page.nextChar > fromChar ? page.nextChar : undefined;
    }
    if (text.length <= PAGE_TEXT_MAX_CHARS) return pageData(text);
    return `${pageData(text.slice(0, PAGE_TEXT_MAX_CHARS))}\n[Text capped at ${PAGE_TEXT_MAX_CHARS} of ${text.length} characters. ${await this.savePageText(tabId, text)}]`;
  }

  /** Keeps a page text too long for the model as the task's page_text attachment; says where, or why not. */
  private async savePageText(tabId: number, text: string): Promise<string> {
    const name = `page-text-tab${tabId}-${Date.now()}.md`;
    try {
      await this.browser.task.createArtifact({ name, content: text, mimeType: "text/markdown", kind: "page_text" });
      return `The whole text is saved as this task's page_text attachment "${name}", which the person can open in the side panel.`;
    } catch (error) {
      return `It could not be saved as an attachment (${error instanceof Error ? error.message : String(error)}).`;
    }
  }

  protected override async wait(_ctx: Ctx, input: Beta.BetaBrowserWaitInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const seconds = requireNumber(input.duration, "duration", 0, 30);
    if (seconds === 0) return;
    await this.browser.call("browser.wait_for", { tabId, timeMs: Math.max(1, Math.round(seconds * 1000)) });
  }

  protected override async file_upload(_ctx: Ctx, input: Beta.BetaBrowserFileUploadInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const { ref, hint } = this.resolve(tabId, requireRefTarget(input.target, "target"));
    if ((input.paths?.length ?? 0) > 0) throw new ToolError("Upload by attachment id (document_ids), not by path.");
    const ids = input.document_ids ?? [];
    if (ids.length === 0) throw new ToolError("Give document_ids: the ids of this task's attachments.");
    // The session resolves the ids against this task's own attachments only.
    await this.browser.call("browser.upload_file", { tabId, ref, attachments: ids }, hint);
  }

  protected override async read_console(_ctx: Ctx, input: Beta.BetaBrowserReadConsoleInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    const read = await this.browser.call("browser.read_console", { tabId });
    const lines = read.entries.map(
      (entry) =>
        `[${entry.level}] ${entry.text}${entry.url === undefined ? "" : ` (${entry.url}${entry.line === undefined ? "" : `:${entry.line}`})`}`,
    );
    return lines.length === 0 ? "No console entries since the last read." : pageData(lines.join("\n"));
  }

  protected override async read_network(_ctx: Ctx, input: Beta.BetaBrowserReadNetworkInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    const read = await this.browser.call("browser.read_network", { tabId });
    // Method, URL, status, MIME type and timing, then the kind of request it was.
    const lines = read.entries.map(
      (entry) =>
        `${entry.method} ${entry.url} ${entry.status ?? entry.error ?? "pending"} ${entry.mimeType ?? "-"} ${Math.round(entry.durationMs ?? 0)}ms [${entry.type}]`,
    );
    return lines.length === 0 ? "No network requests since the last read." : pageData(lines.join("\n"));
  }

  protected override async javascript_exec(_ctx: Ctx, input: Beta.BetaBrowserJavascriptExecInput): Promise<string> {
    if (!this.browser.task.options.allowJavaScript) throw new ToolError("javascript_exec is off for this task.");
    const tabId = this.browser.tabFor(input.tab_id);
    const ran = await this.browser.call("browser.run_javascript", { tabId, code: requireText(input.text, "text") });
    return ran.truncated ? `${pageData(ran.result)}\n[truncated]` : pageData(ran.result);
  }

  protected override async new_tab(): Promise<Beta.BetaBrowserStateTabEntry> {
    // Its own unfocused window: the tab renders (screenshots work) and the user's tab stays in front.
    const opened = await this.browser.call("browser.tab_open", { newWindow: true });
    this.browser.task.adoptTab(opened.tabId, true);
    return this.browser.entryFor(opened.tabId, await this.browser.tabEntries());
  }

  protected override async list_tabs(): Promise<Beta.BetaBrowserStateTabEntry[]> {
    return this.browser.tabEntries();
  }

  protected override async switch_tab(_ctx: Ctx, input: Beta.BetaBrowserSwitchTabInput): Promise<Beta.BetaBrowserStateTabEntry> {
    const tabId = this.browser.tabFor(requireText(input.tab_id, "tab_id", 40));
    // Only the task's notion of "active" moves: the user's visible tab stays in front.
    this.browser.task.activateTab(tabId);
    return this.browser.entryFor(tabId, await this.browser.tabEntries());
  }

  protected override async close_tab(_ctx: Ctx, input: Beta.BetaBrowserCloseTabInput): Promise<void> {
    const tabId = this.browser.tabFor(requireText(input.tab_id, "tab_id", 40));
    await this.browser.call("browser.tab_close", { tabId });
    this.browser.task.releaseTab(tabId);
    await this.browser.tabEntries();
  }

  /** The member's text: the SDK's own ("Clicked.") unless the click changed nothing, which the model should know. */
  private async click(input: Beta.BetaBrowserLeftClickInput, button: Button, count: 1 | 2 | 3): Promise<string | undefined> {
    const tabId = this.browser.tabFor(input.tab_id);
    const target = requireClickTarget(input.target);
    const modifiers = modifierList(input.modifiers);
    if (target.type === "ref") {
      const { ref, hint } = this.resolve(tabId, target.ref);
      const options = {
        ...(button === "left" ? {} : { button }),
        ...(count === 1 ? {} : { count }),
        ...(modifiers === undefined ? {} : { modifiers: modifiers as Array<"Alt" | "Control" | "Meta" | "Shift"> }),
      };
      const result = await this.browser.call("browser.click", { tabId, ref, ...options }, hint);
      // Only a field keeps the focus it was clicked into: a button's handler may move it (an
      // "Add comment" button focusing its textarea), and the next type goes wherever it went.
      this.browser.rememberFocus(tabId, result.navigated !== true && TYPABLE_ROLES.has(hint.role) ? ref : null);
      if (result.navigated === true) this.browser.forgetRefs(tabId);
      return effectLine(CLICKED[button][count], result);
    }
    const point = this.browser.toViewport(tabId, target);
    const result = await this.browser.call("browser.click_xy", {
      tabId,
      ...point,
      button,
      count,
      ...(modifiers === undefined ? {} : { modifiers }),
    });
    this.lastLocator = { role: result.target.role ?? result.target.tag, name: result.target.name ?? "" };
    this.browser.rememberFocus(tabId, null);
    if (result.navigated === true) this.browser.forgetRefs(tabId);
    return effectLine(CLICKED[button][count], result);
  }

  private resolve(tabId: number, name: string): { ref: string; hint: TargetHint } {
    const entry = this.browser.resolveRef(tabId, name);
    this.lastLocator = entry.hint;
    return entry;
  }

  private async isChecked(tabId: number, ref: string): Promise<boolean> {
    const page = await this.browser.call("browser.read_page", { tabId, ref, depth: 1, mode: "all" });
    return /\[checked(=true)?\]/.test(page.text.split("\n").find((line) => line.includes(`[ref=${ref}]`)) ?? "");
  }
}

/** One line for the live task:step event: never an image or a whole tree. */
function summarize(name: string, value: BetaBrowserMemberResult): string {
  if (value === undefined) return `${name} done`;
  // Page text is untrusted and belongs in tasks.get and the trace, not in live events: only its size here.
  if (typeof value === "string") return `${name}: ${value.length} chars`;
  if (Array.isArray(value)) return `${name}: ${value.length} tabs`;
  if ("data" in value) return `${name}: image ${Math.round((value.data.length * 3) / 4)} bytes`;
  if ("tab_id" in value) return `${name}: ${value.tab_id} ${value.url}`;
  return `${name}: ${value.url}`;
}

/** Page text for the model, inside page-data markers whose nonce is drawn for this one result. */
function pageData(text: string): string {
  return newUntrustedBoundary().wrap(text);
}
