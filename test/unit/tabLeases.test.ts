import { describe, expect, it } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { TabLeases } from "../../bridge/tasks/tabLeases.js";
import { TaskTabs } from "../../bridge/tasks/taskTabs.js";

describe("tab leases: one record of which task holds a tab", () => {
  it("leases a tab to one task, refuses it to another, and frees it only for its holder or at the task's end", () => {
    const leases = new TabLeases();
    expect(leases.lease(7, "task_a")).toBeNull();
    expect(leases.lease(7, "task_a")).toBeNull();
    expect(leases.lease(7, "task_b")).toEqual({ heldBy: "task_a" });
    leases.release(7, "task_b");
    expect(leases.holderOf(7)).toBe("task_a");
    expect(leases.lease(8, "task_a")).toBeNull();
    leases.releaseAll("task_a");
    expect([leases.holderOf(7), leases.holderOf(8)]).toEqual([undefined, undefined]);
    expect(leases.lease(7, "task_b")).toBeNull();
  });

  it("is what a task's own tabs take from: another task's tab is refused, a closed tab is free again", () => {
    const leases = new TabLeases();
    const activated: number[] = [];
    const a = new TaskTabs("task_a", leases, (tabId) => activated.push(tabId));
    const b = new TaskTabs("task_b", leases, () => undefined);
    a.adopt(3, false);
    a.adopt(4, false);
    expect([a.list(), a.activeTab(), activated]).toEqual([[3, 4], 3, [3]]);
    expect(() => b.adopt(3, true)).toThrow(WebOperatorError);
    a.release(3);
    expect([a.list(), a.activeTab()]).toEqual([[4], 4]);
    b.adopt(3, true);
    expect(leases.holderOf(3)).toBe("task_b");
    expect(() => b.activate(4)).toThrow(/not one of this task's tabs/);
  });
});
