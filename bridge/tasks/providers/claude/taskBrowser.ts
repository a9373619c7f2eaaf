import { createHash } from "node:crypto";
import { ToolError } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type { BetaBrowserState } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type { BetaBrowserStateChange, BetaBrowserStateTabEntry } from "@anthropic-ai/sdk/resources/beta";
import {
  ActionEffectsSchema,
  WebOperatorError,
  type BrowserCommandType,
  type CommandPayloadInput,
  type CommandResult,
} from "../../../../protocol/index.js";
import type { TargetHint, TaskContext } from "../../taskTypes.js";
import { TabRefMap } from "./refMap.js";
import type { DownloadSummary } from "../../../../protocol/tools/diagnosticsTools.js";
import { downloadSettled, downloadStarted, sendableBrowserState, tabEntryForModel } from "./browserStateBlock.js";
import { logBridge } from "../../../log.js";

/** Image limits for toolset screenshots: long edge ≤ 1,568 px and about 1.15 megapixels (the Messages API's image size limits). */
export const SCREENSHOT_MAX_WIDTH = 1280;
export const SCREENSHOT_MAX_HEIGHT = 880;

/**
 * The task's browser as Claude's toolset sees it: `tab-N` ids for the task's own tabs,
 * `[ref_N]` tables per tab, the screenshot scale per tab (to map image coordinates back
 * to viewport pixels), and the state changes to report in the next browser_state block.
 */
export class TaskBrowser {
  private readonly refs = new Map<number, TabRefMap>();
  private readonly scales = new Map<number, number>();
  private readonly focusedRef = new Map<number, string>();
  private changes: BetaBrowserStateChange[] = [];
  private lastTabs: BetaBrowserStateTabEntry[] | null = null;
  /** This task's downloads that started and have not yet been reported finished or failed. */
  private readonly pendingDownloads = new Set<string>();

  constructor(readonly task: TaskContext) {}

  static tabName(tabId: number): string {
    return `tab-${tabId}`;
  }

  /** The task tab a model's `tab_id` names (default: the active one); another task's tab is unknown here. */
  tabFor(name: string | null | undefined): number {
    if (name === undefined || name === null || name === "") return this.task.tabs.activeTab();
    const id = Number(/^tab-(\d+)$/.exec(name)?.[1] ?? NaN);
    if (!this.task.tabs.list().includes(id)) throw new ToolError(`Unknown tab_id "${name}". list_tabs shows this task's tabs.`);
    return id;
  }

  refsOf(tabId: number): TabRefMap {
    let map = this.refs.get(tabId);
    if (map === undefined) {
      map = new TabRefMap();
      this.refs.set(tabId, map);
    }
    return map;
  }

  /** Our ref for a model's `ref_N` in this tab, with the element's role and name. */
  resolveRef(tabId: number, name: string): { ref: string; hint: TargetHint } {
    const entry = this.refsOf(tabId).resolve(name);
    if (entry === undefined)
      throw new ToolError(`${name} is stale or not found on the current page. Re-read the page to get fresh references.`);
    return entry;
  }

  /** The element the running member named: the step's trace locator, and the hint for its confirmation prompt. */
  located: TargetHint | undefined;

  /** resolveRef, remembered as the element the running member acts on. */
  locate(tabId: number, name: string): { ref: string; hint: TargetHint } {
    const entry = this.resolveRef(tabId, name);
    this.located = entry.hint;
    return entry;
  }

  /** Image pixels → viewport CSS pixels, by the scale of the tab's last screenshot. */
  toViewport(tabId: number, point: { x: number; y: number }): { x: number; y: number } {
    const scale = this.scales.get(tabId) ?? 1;
    return { x: Math.round((point.x / scale) * 100) / 100, y: Math.round((point.y / scale) * 100) / 100 };
  }

  rememberScale(tabId: number, scale: number): void {
    this.scales.set(tabId, scale);
  }

  rememberFocus(tabId: number, ref: string | null): void {
    if (ref === null) this.focusedRef.delete(tabId);
    else this.focusedRef.set(tabId, ref);
  }

  focused(tabId: number): string | undefined {
    return this.focusedRef.get(tabId);
  }

  /** A browser.* call in a task tab; our errors become error results the model can act on. */
  async call<T extends BrowserCommandType>(type: T, payload: CommandPayloadInput<T>, target?: TargetHint): Promise<CommandResult<T>> {
    try {
      const result = await this.task.browser(type, payload, target);
      this.noteEffects(result);
      return result;
    } catch (error) {
      if (!(error instanceof WebOperatorError)) throw error;
      // The model reads the text; the step's trace edge keeps the browser's own error (its cause).
      if (error.code === "stale_ref" || error.code === "invalid_ref") {
        throw causedBy(
          new ToolError(
            `The element is stale or not found on the current page (${error.message}). Re-read the page to get fresh references.`,
          ),
          error,
        );
      }
      // A write's stage says how far it got: a precheck touched nothing, a verify failure did act.
      throw causedBy(
        new ToolError(`${error.code}${error.stage === undefined ? "" : ` (failed at ${error.stage})`}: ${error.message}`),
        error,
      );
    }
  }

  /**
   * New tabs and downloads a write reported, for the next browser_state. Only this task's
   * own downloads are reported: a write drains every download that settled meanwhile,
   * whoever started it.
   */
  private noteEffects(result: unknown): void {
    const effects = ActionEffectsSchema.pick({ tab_created: true, download_started: true, download_updates: true }).safeParse(result);
    if (!effects.success) return;
    const { tab_created: created, download_started: started = [], download_updates: updates = [] } = effects.data;
    if (created !== undefined) {
      // The task moves only to a clicked link's own tab; a popup the page opened is announced, not switched to.
      this.task.tabs.adopt(created.tabId, created.opened_by === "link");
      this.changes.push({ type: "tab_opened", tab_id: TaskBrowser.tabName(created.tabId) });
    }
    for (const download of started) {
      this.changes.push(downloadStarted(download));
      this.pendingDownloads.add(download.download_id);
      this.noteSettled(download);
    }
    for (const update of updates) this.noteSettled(update);
  }

  private noteSettled(download: DownloadSummary): void {
    if (!this.pendingDownloads.has(download.download_id)) return;
    const settled = downloadSettled(download);
    if (settled === null) return;
    this.pendingDownloads.delete(download.download_id);
    this.changes.push(settled);
  }

  /** A download finishes while some later call runs, often one that is no write (a wait, a read): each report looks. */
  private async pollDownloads(): Promise<void> {
    if (this.pendingDownloads.size === 0) return;
    const listed = await this.task.browser("browser.downloads", {}).catch(() => null);
    for (const download of listed?.downloads ?? []) this.noteSettled(download);
  }

  /** The task's tabs as browser_state entries (only its own tabs: never the user's or another task's). */
  async tabEntries(): Promise<BetaBrowserStateTabEntry[]> {
    const listed = await this.task.browser("browser.tabs_list", {});
    const own = new Set(this.task.tabs.list());
    for (const tabId of own) if (!listed.tabs.some((tab) => tab.tabId === tabId)) this.task.tabs.release(tabId);
    const active = this.task.tabs.list().length > 0 ? this.task.tabs.activeTab() : null;
    const entries = listed.tabs
      .filter((tab) => own.has(tab.tabId))
      // As the inventory is written: only the active tab carries `active`, the others leave it out.
      .map((tab) =>
        tabEntryForModel({
          tab_id: TaskBrowser.tabName(tab.tabId),
          title: tab.title,
          url: tab.url,
          ...(tab.tabId === active ? { active: true } : {}),
        }),
      );
    this.lastTabs = entries;
    return entries;
  }

  entryFor(tabId: number, entries: BetaBrowserStateTabEntry[]): BetaBrowserStateTabEntry {
    const entry = entries.find((tab) => tab.tab_id === TaskBrowser.tabName(tabId));
    if (entry === undefined) throw new ToolError(`Tab ${TaskBrowser.tabName(tabId)} is gone.`);
    return entry;
  }

  /** The SDK's browserState hook: the full inventory plus what changed since the last report. */
  async report(): Promise<BetaBrowserState> {
    const tabs = this.lastTabs ?? (await this.tabEntries());
    this.lastTabs = null;
    await this.pollDownloads();
    const { block, problems } = sendableBrowserState(tabs, this.changes);
    this.changes = [];
    if (problems.length > 0)
      logBridge(`task ${this.task.id}: a browser_state block broke the API's rules and went out reduced: ${problems.join("; ")}`);
    return block;
  }

  /** A hash of what the model can see of the browser: tabs, urls, titles, the active one. */
  async stateHash(): Promise<string> {
    const tabs = await this.tabEntries();
    return createHash("sha256").update(JSON.stringify(tabs)).digest("hex").slice(0, 32);
  }

  /** The tab navigated to another document: its ref numbers start over. */
  forgetRefs(tabId: number): void {
    this.refsOf(tabId).reset(null);
    this.focusedRef.delete(tabId);
  }
}

function causedBy(toolError: ToolError, cause: WebOperatorError): ToolError {
  toolError.cause = cause;
  return toolError;
}
