import { pendingConfirmations } from "../gatekeeper/pendingConfirmations.js";

const BADGE_COLOR = "#c2410c";

/**
 * The toolbar badge: how many confirmations wait for the user. Held-back browser.* writes
 * are counted here; a task's own held-back write is the task's confirmation, which the
 * bridge counts (waitingTasks), so it is not counted twice.
 */
class PendingBadge {
  private waitingTasks = 0;

  setWaitingTasks(count: number): void {
    this.waitingTasks = count;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const gated = (await pendingConfirmations.list()).filter((entry) => entry.requester?.kind !== "task").length;
    const total = gated + this.waitingTasks;
    await chrome.action.setBadgeBackgroundColor({ color: BADGE_COLOR }).catch(() => undefined);
    await chrome.action.setBadgeText({ text: total === 0 ? "" : String(total) }).catch(() => undefined);
    await chrome.action
      .setTitle({ title: total === 0 ? "WebOperator" : `WebOperator: ${total} confirmation${total === 1 ? "" : "s"} waiting` })
      .catch(() => undefined);
  }
}

export const pendingBadge = new PendingBadge();
