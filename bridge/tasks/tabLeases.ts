/**
 * Which live task holds each tab: the one record of it, shared by the engine (a task's given
 * tab at start or resume, all of a task's tabs at its end) and each task's own tabs (new_tab,
 * close_tab). A tab is leased to one task at a time; tasks never act in each other's tabs.
 */
export class TabLeases {
  private readonly holders = new Map<number, string>();

  /** The task that holds the tab, if a live task does. */
  holderOf(tabId: number): string | undefined {
    return this.holders.get(tabId);
  }

  /** Leases the tab to the task. Answers the other task that holds it instead, leaving the lease as it is. */
  lease(tabId: number, taskId: string): { heldBy: string } | null {
    const holder = this.holders.get(tabId);
    if (holder !== undefined && holder !== taskId) return { heldBy: holder };
    this.holders.set(tabId, taskId);
    return null;
  }

  /** Gives the tab back, if this task holds it. */
  release(tabId: number, taskId: string): void {
    if (this.holders.get(tabId) === taskId) this.holders.delete(tabId);
  }

  /** A task's run ended: every tab it held is free again. */
  releaseAll(taskId: string): void {
    for (const [tabId, holder] of this.holders) if (holder === taskId) this.holders.delete(tabId);
  }
}
