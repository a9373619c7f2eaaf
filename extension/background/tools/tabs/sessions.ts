import { WebOperatorError, type CommandResult } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { withNewTabLoadWatch } from "./newTabLoadWatch.js";
import { boundText } from "./boundedText.js";
import { hasTabId, tabUrl } from "./tabSummary.js";
import { rememberVisibleTabs } from "./visibleTabs.js";

type ClosedSession = CommandResult<"browser.sessions_recently_closed">["sessions"][number];

const WINDOW_TABS_SHOWN = 10;
/** A restored tab's load is waited for briefly; the restore has happened either way. */
const RESTORE_LOAD_WAIT_MS = 10_000;

export const sessionsRecentlyClosedTool = defineTool({
  name: "browser.sessions_recently_closed",
  async run({ maxResults }) {
    const sessions = await chrome.sessions.getRecentlyClosed({ maxResults });
    return { sessions: sessions.flatMap((session) => describeClosed(session) ?? []) };
  },
});

/**
 * Reopens a closed tab or window. Chrome shows what it restores, but background operations
 * never change the visible tab, so the tab the user was looking at is brought back to front.
 */
export const sessionRestoreTool = defineTool({
  name: "browser.session_restore",
  async run({ sessionId }, context) {
    const visible = await rememberVisibleTabs();
    return withNewTabLoadWatch(async (watch) => {
      const session = await chrome.sessions.restore(sessionId).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new WebOperatorError(
          "not_found",
          `Nothing to restore${sessionId === undefined ? "" : ` for session ${sessionId}`} (${reason}). Call sessions_recently_closed for current sessionIds.`,
        );
      });
      await visible.restore();
      const restored = session.tab ? ("tab" as const) : ("window" as const);
      const restoredTab = session.tab ?? session.window?.tabs?.find((tab) => tab.active) ?? session.window?.tabs?.[0];
      const windowId = session.window?.id ?? restoredTab?.windowId;
      if (!restoredTab || !hasTabId(restoredTab)) return { restored, ...(windowId === undefined ? {} : { windowId }) };
      await watch
        .waitForLoad(restoredTab.id, Math.min(context.deadline - 1_000, Date.now() + RESTORE_LOAD_WAIT_MS), "The restored tab")
        .catch(() => undefined);
      const now = await chrome.tabs.get(restoredTab.id);
      return {
        restored,
        tabId: now.id ?? restoredTab.id,
        windowId: now.windowId,
        url: tabUrl(now),
        title: boundText(now.title),
      };
    });
  },
});

function describeClosed(session: chrome.sessions.Session): ClosedSession | null {
  // Chrome reports seconds; every other time in our protocol is milliseconds.
  const closedAt = session.lastModified * 1000;
  if (session.tab?.sessionId !== undefined) {
    return { kind: "tab", sessionId: session.tab.sessionId, closedAt, url: tabUrl(session.tab), title: boundText(session.tab.title) };
  }
  if (session.window?.sessionId !== undefined) {
    const tabs = session.window.tabs ?? [];
    return {
      kind: "window",
      sessionId: session.window.sessionId,
      closedAt,
      tabCount: tabs.length,
      tabs: tabs.slice(0, WINDOW_TABS_SHOWN).map((tab) => ({ url: tabUrl(tab), title: boundText(tab.title) })),
    };
  }
  return null;
}
