import {
  BetaAbstractBrowserToolset20260801,
  ToolError,
  type BetaBrowserToolsetOptions,
  type BetaToolsetCallContext as Ctx,
} from "@anthropic-ai/sdk/helpers/beta/toolsets";
import { BetaNodeFilePolicy } from "@anthropic-ai/sdk/helpers/beta/toolsets/node";
import type { BetaBrowserMemberResult, BetaBrowserNavigateResult, BetaScreenshotResult } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { normalizeUrl, optionalInt, requireCoordinate, requireNumber, requireRefTarget, requireText } from "./memberInput.js";
import { click, hover, WHEEL_NOTCH_PX } from "./pointerMembers.js";
import { typeAtFocus } from "./keyboardMembers.js";
import { formInput } from "./formInputMember.js";
import { consoleText, findInPage, networkText, pageText, readPage, runJavascript } from "./pageReadMembers.js";
import { SCREENSHOT_MAX_HEIGHT, SCREENSHOT_MAX_WIDTH, TaskBrowser } from "./taskBrowser.js";

/**
 * `browser_toolset_20260801` on WebOperator's tools: each member the model calls runs
 * as one task step, through the task's own tabs and the gatekeeper. The SDK base class
 * renders results, browser_state blocks, downloads, the batch halt text and error caps.
 */
export class WebOperatorToolset extends BetaAbstractBrowserToolset20260801 {
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
      this.browser.located = undefined;
      task.currentAction = name;
      const value = await super.execute(ctx, name, input);
      const stateHash = await this.browser.stateHash().catch(() => undefined);
      return {
        value,
        summary: summarize(name, value),
        record: value,
        locator: this.browser.located,
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
    return click(this.browser, input, "left", 1);
  }
  protected override right_click(_ctx: Ctx, input: Beta.BetaBrowserRightClickInput): Promise<string | undefined> {
    return click(this.browser, input, "right", 1);
  }
  protected override middle_click(_ctx: Ctx, input: Beta.BetaBrowserMiddleClickInput): Promise<string | undefined> {
    return click(this.browser, input, "middle", 1);
  }
  protected override double_click(_ctx: Ctx, input: Beta.BetaBrowserDoubleClickInput): Promise<string | undefined> {
    return click(this.browser, input, "left", 2);
  }
  protected override triple_click(_ctx: Ctx, input: Beta.BetaBrowserTripleClickInput): Promise<string | undefined> {
    return click(this.browser, input, "left", 3);
  }

  protected override hover(_ctx: Ctx, input: Beta.BetaBrowserHoverInput): Promise<string | undefined> {
    return hover(this.browser, input);
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
    const { ref, hint } = this.browser.locate(tabId, requireRefTarget(input.target, "target"));
    await this.browser.call("browser.scroll_to", { tabId, ref }, hint);
  }

  protected override type_(_ctx: Ctx, input: Beta.BetaBrowserTypeInput): Promise<void> {
    return typeAtFocus(this.browser, input);
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

  protected override form_input(_ctx: Ctx, input: Beta.BetaBrowserFormInputInput): Promise<void> {
    return formInput(this.browser, input);
  }

  protected override read_page(_ctx: Ctx, input: Beta.BetaBrowserReadPageInput): Promise<string> {
    const tabId = this.browser.tabFor(input.tab_id);
    const scoped = input.ref === undefined || input.ref === null ? undefined : this.browser.locate(tabId, input.ref).ref;
    return readPage(this.browser, tabId, input, scoped);
  }

  protected override find(_ctx: Ctx, input: Beta.BetaBrowserFindInput): Promise<string> {
    return findInPage(this.browser, this.browser.tabFor(input.tab_id), input.query);
  }

  protected override get_page_text(_ctx: Ctx, input: Beta.BetaBrowserGetPageTextInput): Promise<string> {
    return pageText(this.browser, this.browser.tabFor(input.tab_id));
  }

  protected override async wait(_ctx: Ctx, input: Beta.BetaBrowserWaitInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const seconds = requireNumber(input.duration, "duration", 0, 30);
    if (seconds === 0) return;
    await this.browser.call("browser.wait_for", { tabId, timeMs: Math.max(1, Math.round(seconds * 1000)) });
  }

  protected override async file_upload(_ctx: Ctx, input: Beta.BetaBrowserFileUploadInput): Promise<void> {
    const tabId = this.browser.tabFor(input.tab_id);
    const { ref, hint } = this.browser.locate(tabId, requireRefTarget(input.target, "target"));
    if ((input.paths?.length ?? 0) > 0) throw new ToolError("Upload by attachment id (document_ids), not by path.");
    const ids = input.document_ids ?? [];
    if (ids.length === 0) throw new ToolError("Give document_ids: the ids of this task's attachments.");
    // The session resolves the ids against this task's own attachments only.
    await this.browser.call("browser.upload_file", { tabId, ref, attachments: ids }, hint);
  }

  protected override read_console(_ctx: Ctx, input: Beta.BetaBrowserReadConsoleInput): Promise<string> {
    return consoleText(this.browser, this.browser.tabFor(input.tab_id));
  }

  protected override read_network(_ctx: Ctx, input: Beta.BetaBrowserReadNetworkInput): Promise<string> {
    return networkText(this.browser, this.browser.tabFor(input.tab_id));
  }

  protected override javascript_exec(_ctx: Ctx, input: Beta.BetaBrowserJavascriptExecInput): Promise<string> {
    if (!this.browser.task.options.allowJavaScript) throw new ToolError("javascript_exec is off for this task.");
    return runJavascript(this.browser, this.browser.tabFor(input.tab_id), requireText(input.text, "text"));
  }

  protected override async new_tab(): Promise<Beta.BetaBrowserStateTabEntry> {
    // Its own unfocused window: the tab renders (screenshots work) and the user's tab stays in front.
    const opened = await this.browser.call("browser.tab_open", { newWindow: true });
    this.browser.task.tabs.adopt(opened.tabId, true);
    return this.browser.entryFor(opened.tabId, await this.browser.tabEntries());
  }

  protected override async list_tabs(): Promise<Beta.BetaBrowserStateTabEntry[]> {
    return this.browser.tabEntries();
  }

  protected override async switch_tab(_ctx: Ctx, input: Beta.BetaBrowserSwitchTabInput): Promise<Beta.BetaBrowserStateTabEntry> {
    const tabId = this.browser.tabFor(requireText(input.tab_id, "tab_id", 40));
    // Only the task's notion of "active" moves: the user's visible tab stays in front.
    this.browser.task.tabs.activate(tabId);
    return this.browser.entryFor(tabId, await this.browser.tabEntries());
  }

  protected override async close_tab(_ctx: Ctx, input: Beta.BetaBrowserCloseTabInput): Promise<void> {
    const tabId = this.browser.tabFor(requireText(input.tab_id, "tab_id", 40));
    await this.browser.call("browser.tab_close", { tabId });
    this.browser.task.tabs.release(tabId);
    await this.browser.tabEntries();
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
