import { WebOperatorError } from "../../protocol/index.js";
import type { TabLeases } from "./tabLeases.js";
import type { TaskTabsView } from "./taskTypes.js";

/**
 * One task's own tabs, in the order it got them, and the active one its calls go to by
 * default. Each is leased from the engine's TabLeases, so no other task can take it.
 */
export class TaskTabs implements TaskTabsView {
  private readonly own: number[] = [];
  private active: number | null = null;

  constructor(
    private readonly taskId: string,
    private readonly leases: TabLeases,
    /** The active tab moved: the task's row keeps it, so a resumed task finds its tab again. */
    private readonly activated: (tabId: number) => void,
  ) {}

  list(): number[] {
    return [...this.own];
  }

  /** The active tab, or null before the task has one. */
  current(): number | null {
    return this.active;
  }

  activeTab(): number {
    if (this.active === null) throw new WebOperatorError("tab_not_found", "This task has no open tab; open one with new_tab.");
    return this.active;
  }

  adopt(tabId: number, makeActive: boolean): void {
    if (this.leases.lease(tabId, this.taskId) !== null)
      throw new WebOperatorError("tab_not_found", `Tab ${tabId} belongs to another task.`);
    if (!this.own.includes(tabId)) this.own.push(tabId);
    if (makeActive || this.active === null) this.activate(tabId);
  }

  activate(tabId: number): void {
    if (!this.own.includes(tabId)) throw new WebOperatorError("tab_not_found", `Tab ${tabId} is not one of this task's tabs.`);
    this.active = tabId;
    this.activated(tabId);
  }

  release(tabId: number): void {
    const at = this.own.indexOf(tabId);
    if (at >= 0) this.own.splice(at, 1);
    this.leases.release(tabId, this.taskId);
    if (this.active === tabId) this.active = this.own.at(-1) ?? null;
  }
}
