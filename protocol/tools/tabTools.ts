import { z } from "zod";
import { LooseBooleanSchema, TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { FirstLookSchema } from "../snapshotShapes.js";

/**
 * L0 tab and browser-data tools. Each is reachable as `browser.<tool>`.
 *
 * Routing: the bridge remembers the `tabId` of any result as the agent's default tab, so only
 * results that are about one tab the agent now works in carry a top-level `tabId`
 * (tab_open, go_back/go_forward, tab_focus, session_restore). Lists name tabs in nested
 * fields, and tab_close reports `closedTabId`, so that they never move the route.
 *
 * Sizes: titles and URLs are cut to 300 characters and lists to 100 entries (`truncated`).
 */

/** Browser-assigned ids that are not tabs: windows, tab groups. */
const BrowserIdSchema = z.number().int().nonnegative();
const MAX_TAB_IDS = 100;

export const TabSummarySchema = z.object({
  tabId: TabIdSchema,
  windowId: BrowserIdSchema,
  /** Position in its window's tab strip, from 0. */
  index: z.number().int().nonnegative(),
  url: z.string(),
  title: z.string(),
  /** The tab shown in its window. */
  active: z.boolean(),
  /** Its window is the browser's current (last focused) window. */
  focusedWindow: z.boolean(),
  groupId: BrowserIdSchema.optional(),
  /** The agent whose tab this is (bridge.health lists agents by id); absent for a tab no agent holds. */
  agent: z.string().optional(),
  status: z.enum(["loading", "complete", "unloaded"]),
  audible: z.boolean().optional(),
  pinned: z.boolean(),
});

export const TabsListPayloadSchema = z.strictObject({});
export const TabsListResultSchema = z.object({
  tabs: z.array(TabSummarySchema),
  /** The active tab of the current window: the page the user sees. */
  visibleTabId: TabIdSchema.nullable(),
  totalTabs: z.number().int().nonnegative(),
  truncated: z.boolean(),
});

export const TabOpenPayloadSchema = z.strictObject({
  /** http or https; without it the tab opens at about:blank. */
  url: z.string().min(1).max(2_097_152).optional(),
  /** Background operations never activate a tab, so the default is false. */
  active: LooseBooleanSchema.default(false),
  windowId: BrowserIdSchema.optional(),
  /**
   * Open it as the active tab of a new, unfocused window: it renders (screenshots, trusted
   * input, waiting all work) without taking the user's visible tab or focus. Task tabs use it.
   */
  newWindow: LooseBooleanSchema.default(false),
});
export const TabOpenResultSchema = z.object({
  tabId: TabIdSchema,
  windowId: BrowserIdSchema,
  url: z.string(),
  title: z.string(),
  active: z.boolean(),
});

export const HistoryMovePayloadSchema = z.strictObject({ ...tabScoped });
export const ReloadPayloadSchema = z.strictObject({ ...tabScoped });
export const ReloadResultSchema = z.object({
  tabId: TabIdSchema,
  url: z.string(),
  title: z.string(),
  /** The reloaded document's first look (the request's `firstLook`, ActionEffectsSchema). */
  first_look: FirstLookSchema.optional(),
});
export const HistoryMoveResultSchema = z.object({
  tabId: TabIdSchema,
  url: z.string(),
  title: z.string(),
  /** false when there was no history entry in that direction; the tab did not change. */
  moved: z.boolean(),
  /** When it moved: the document's first look (the request's `firstLook`, ActionEffectsSchema). */
  first_look: FirstLookSchema.optional(),
});

export const TabFocusPayloadSchema = z.strictObject({ tabId: TabIdSchema });
export const TabFocusResultSchema = z.object({ tabId: TabIdSchema, windowId: BrowserIdSchema, url: z.string(), title: z.string() });

export const TabClosePayloadSchema = z.strictObject({ tabId: TabIdSchema });
export const TabCloseResultSchema = z.object({ closed: z.literal(true), closedTabId: TabIdSchema });

export const HistorySearchPayloadSchema = z.strictObject({
  /** Words matched against URL and title; "" lists recent visits. */
  query: z.string().max(1_000),
  maxResults: z.number().int().min(1).max(100).default(20),
  /** Milliseconds since the epoch. Chrome's default is 24 hours ago; pass 0 to search everything. */
  startTime: z.number().nonnegative().optional(),
});
export const HistorySearchResultSchema = z.object({
  items: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      lastVisitTime: z.number().optional(),
      visitCount: z.number().int().optional(),
      typedCount: z.number().int().optional(),
    }),
  ),
  truncated: z.boolean(),
});

export const BookmarksSearchPayloadSchema = z.strictObject({
  /** Words matched against bookmark titles and URLs. */
  query: z.string().min(1).max(1_000),
  maxResults: z.number().int().min(1).max(100).default(50),
});
export const BookmarksSearchResultSchema = z.object({
  bookmarks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Absent for folders. */
      url: z.string().optional(),
      parentId: z.string().optional(),
      dateAdded: z.number().optional(),
    }),
  ),
  truncated: z.boolean(),
});

export const TopSitesPayloadSchema = z.strictObject({});
export const TopSitesResultSchema = z.object({
  sites: z.array(z.object({ url: z.string(), title: z.string() })),
  truncated: z.boolean(),
});

export const SessionsRecentlyClosedPayloadSchema = z.strictObject({
  /** Chrome keeps at most 25 entries. */
  maxResults: z.number().int().min(1).max(25).default(10),
});
const ClosedTabSchema = z.object({ url: z.string(), title: z.string() });
export const SessionsRecentlyClosedResultSchema = z.object({
  sessions: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("tab"), sessionId: z.string(), closedAt: z.number(), ...ClosedTabSchema.shape }),
      z.object({
        kind: z.literal("window"),
        sessionId: z.string(),
        closedAt: z.number(),
        tabCount: z.number().int().nonnegative(),
        /** The window's first tabs (at most 10). */
        tabs: z.array(ClosedTabSchema),
      }),
    ]),
  ),
});

export const SessionRestorePayloadSchema = z.strictObject({
  /** From sessions_recently_closed; without it the most recently closed tab or window returns. */
  sessionId: z.string().min(1).max(200).optional(),
});
export const SessionRestoreResultSchema = z.object({
  restored: z.enum(["tab", "window"]),
  /** The restored tab, or the first tab of the restored window. */
  tabId: TabIdSchema.optional(),
  windowId: BrowserIdSchema.optional(),
  url: z.string().optional(),
  title: z.string().optional(),
});

export const TabGroupColorSchema = z.enum(["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"]);
export const TabGroupSchema = z.object({
  groupId: BrowserIdSchema,
  windowId: BrowserIdSchema,
  title: z.string(),
  color: TabGroupColorSchema,
  collapsed: z.boolean(),
  tabIds: z.array(TabIdSchema),
});

export const TabGroupsListPayloadSchema = z.strictObject({});
export const TabGroupsListResultSchema = z.object({ groups: z.array(TabGroupSchema), truncated: z.boolean() });

export const TabsGroupPayloadSchema = z.strictObject({
  tabIds: z.array(TabIdSchema).min(1).max(MAX_TAB_IDS),
  /** Add to this existing group; without it a new group is created. */
  groupId: BrowserIdSchema.optional(),
});

export const TabGroupUpdatePayloadSchema = z.strictObject({
  groupId: BrowserIdSchema,
  title: z.string().max(300).optional(),
  color: TabGroupColorSchema.optional(),
  collapsed: LooseBooleanSchema.optional(),
});

export const TAB_TOOL_COMMANDS = {
  "browser.tabs_list": command({
    payload: TabsListPayloadSchema,
    result: TabsListResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "The open tabs with their ids, URLs and titles.\n\nEvery window's tabs: {tabs: [{tabId, windowId, index, url, title, active, focusedWindow, groupId?, status, audible?, pinned}], visibleTabId, totalTabs, truncated}. Listing never moves the route.",
    example: {},
    level: "L0",
    effects: "read",
    aliases: ["tabs"],
  }),
  "browser.tab_open": command({
    payload: TabOpenPayloadSchema,
    result: TabOpenResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Opens a URL in a new background tab (active: true to show it).\n\nWith newWindow: true it is the front tab of a new unfocused window, so it renders without taking the user's focus. Answers once loaded: {tabId, windowId, url, title, active}.",
    example: { url: "https://example.com" },
    level: "L0",
    effects: "write",
    cli: { positionals: ["url"] },
  }),
  "browser.go_back": command({
    payload: HistoryMovePayloadSchema,
    result: HistoryMoveResultSchema,
    handledBy: "extension",
    group: "core",
    description: "One step back in the tab's history.\n\nAnswers {tabId, url, title, moved}; moved false when there is no entry that way.",
    example: {},
    level: "L0",
    effects: "write",
    aliases: ["back"],
  }),
  "browser.reload": command({
    payload: ReloadPayloadSchema,
    result: ReloadResultSchema,
    handledBy: "extension",
    group: "input",
    description:
      "Reload the tab's document.\n\nReloads its whole URL, however long, with its fragment, and waits for the load: {tabId, url, title}.",
    example: {},
    level: "L0",
    effects: "write",
  }),
  "browser.go_forward": command({
    payload: HistoryMovePayloadSchema,
    result: HistoryMoveResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "One step forward in the tab's history.\n\nAnswers {tabId, url, title, moved}; moved false when there is no entry that way.",
    example: {},
    level: "L0",
    effects: "write",
    aliases: ["forward"],
  }),
  "browser.tab_focus": command({
    payload: TabFocusPayloadSchema,
    result: TabFocusResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Brings a tab to the front, where the user sees it.\n\nThe only tool that changes the visible tab: {tabId, windowId, url, title}.",
    example: { tabId: 11 },
    level: "L0",
    effects: "write",
  }),
  "browser.tab_close": command({
    payload: TabClosePayloadSchema,
    result: TabCloseResultSchema,
    handledBy: "extension",
    group: "core",
    description: "Closes a tab.\n\nAnswers {closed: true, closedTabId}; the browser's last tab is never closed (bad_request).",
    example: { tabId: 11 },
    level: "L0",
    effects: "write",
  }),
  "browser.history_search": command({
    payload: HistorySearchPayloadSchema,
    result: HistorySearchResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "Searches the browser history.\n\nAnswers {items: [{url, title, lastVisitTime?, visitCount?, typedCount?}], truncated}.",
    example: { query: "invoice", maxResults: 20 },
    level: "L0",
    effects: "read",
    cli: { positionals: ["query"] },
  }),
  "browser.bookmarks_search": command({
    payload: BookmarksSearchPayloadSchema,
    result: BookmarksSearchResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "Searches the bookmarks.\n\nAnswers {bookmarks: [{id, title, url?, parentId?, dateAdded?}], truncated}.",
    example: { query: "docs" },
    level: "L0",
    effects: "read",
    cli: { positionals: ["query"] },
  }),
  "browser.top_sites": command({
    payload: TopSitesPayloadSchema,
    result: TopSitesResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "The most visited sites.\n\nAnswers {sites: [{url, title}], truncated}.",
    example: {},
    level: "L0",
    effects: "read",
  }),
  "browser.sessions_recently_closed": command({
    payload: SessionsRecentlyClosedPayloadSchema,
    result: SessionsRecentlyClosedResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description:
      'Recently closed tabs and windows.\n\nAnswers {sessions: [{kind: "tab", sessionId, closedAt, url, title} | {kind: "window", sessionId, closedAt, tabCount, tabs}]}.',
    example: { maxResults: 5 },
    level: "L0",
    effects: "read",
  }),
  "browser.session_restore": command({
    payload: SessionRestorePayloadSchema,
    result: SessionRestoreResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description:
      'Reopens a closed tab or window (the latest without sessionId).\n\nAnswers {restored: "tab"|"window", tabId?, windowId?, url?, title?}; the user\'s visible tab is put back in front.',
    example: {},
    level: "L0",
    effects: "write",
  }),
  "browser.tab_groups_list": command({
    payload: TabGroupsListPayloadSchema,
    result: TabGroupsListResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "The tab groups and their tabs.\n\nAnswers {groups: [{groupId, windowId, title, color, collapsed, tabIds}], truncated}.",
    example: {},
    level: "L0",
    effects: "read",
  }),
  "browser.tabs_group": command({
    payload: TabsGroupPayloadSchema,
    result: TabGroupSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "Puts tabs into a new group or an existing one.\n\nWithout groupId a new group is made. Answers the group.",
    example: { tabIds: [11, 12] },
    level: "L0",
    effects: "write",
  }),
  "browser.tab_group_update": command({
    payload: TabGroupUpdatePayloadSchema,
    result: TabGroupSchema,
    handledBy: "extension",
    group: "browserdata",
    description: "Renames, recolours, collapses or expands a tab group.\n\nAnswers the group.",
    example: { groupId: 3, title: "Research", color: "blue" },
    level: "L0",
    effects: "write",
  }),
} as const satisfies Record<string, CommandSpec>;
