import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebOperatorSession, type CommandResult, type WebOperatorSession } from "../helpers/webOperatorSession.js";

type TabsList = CommandResult<"browser.tabs_list">;
/** The part of the extension's `chrome` global this test uses inside the service worker. */
type ServiceWorkerGlobal = { chrome: { bookmarks: { create(bookmark: { title: string; url: string }): Promise<unknown> } } };

describe("L0 tab and browser-data tools, end to end through the socket", () => {
  let session: WebOperatorSession;
  let one: string;
  let two: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    one = session.pages.url("/tabs-one.html");
    two = session.pages.url("/tabs-two.html");
    // The agent's home tab: everything else opens beside it.
    await session.client.request("browser.navigate", { url: one });
  });
  afterAll(async () => {
    await session?.close();
  });

  const list = (): Promise<TabsList> => session.client.request("browser.tabs_list", {});
  const tabIds = (tabs: TabsList): number[] => tabs.tabs.map((tab) => tab.tabId);
  /** Closed tabs must stay closed and never be replaced, so tests use ids of tabs they closed. */
  async function closedTabId(): Promise<number> {
    const opened = await session.client.request("browser.tab_open", { url: one });
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
    return opened.tabId;
  }

  it("tabs_list lists every tab, identifies the visible one, and carries no routing tabId", async () => {
    const tabs = await list();
    expect(tabs.totalTabs).toBe(tabs.tabs.length);
    expect(tabs.truncated).toBe(false);
    expect(tabs).not.toHaveProperty("tabId");
    const visible = tabs.tabs.find((tab) => tab.tabId === tabs.visibleTabId);
    expect(visible).toMatchObject({ active: true, url: one, title: "Tabs fixture one", status: "complete", pinned: false });
    for (const tab of tabs.tabs) expect(tab.windowId).toBeGreaterThanOrEqual(0);
  });

  it("tab_open opens in the background, waits for the load, and becomes the agent's route", async () => {
    const before = await list();
    const opened = await session.client.request("browser.tab_open", { url: two });
    expect(opened).toMatchObject({ url: two, title: "Tabs fixture two", active: false });
    const after = await list();
    expect(after.visibleTabId).toBe(before.visibleTabId);
    expect(after.tabs.find((tab) => tab.tabId === opened.tabId)).toMatchObject({ active: false, status: "complete" });
    // Listing tabs in between did not move the route: a tab-less command lands in the new tab.
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot).toMatchObject({ tabId: opened.tabId, title: "Tabs fixture two" });
    // A second agent has its own route: with no tab of its own it falls back to the visible tab,
    // which the first agent holds, so it is refused rather than sent into another agent's tab.
    const other = await session.connect();
    expect(await session.errorCode("browser.snapshot", {}, other)).toBe("tab_owned_by_other_agent");
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  });

  it("tab_open without a url opens about:blank; active:true shows it; windowId is honoured", async () => {
    const before = await list();
    const home = before.tabs.find((tab) => tab.tabId === before.visibleTabId);
    const blank = await session.client.request("browser.tab_open", { windowId: home?.windowId ?? 0 });
    expect(blank).toMatchObject({ url: "about:blank", active: false, windowId: home?.windowId });
    const shown = await session.client.request("browser.tab_open", { url: one, active: "true" });
    expect(shown.active).toBe(true);
    expect((await list()).visibleTabId).toBe(shown.tabId);
    // Put the user's view back where it was, then clean up.
    await session.client.request("browser.tab_focus", { tabId: before.visibleTabId ?? 0 });
    await session.client.request("browser.tab_close", { tabId: shown.tabId });
    await session.client.request("browser.tab_close", { tabId: blank.tabId });
    expect(tabIds(await list())).toEqual(tabIds(before));
  });

  it("tab_open refuses non-http schemes and unknown windows, and closes a tab whose load failed", async () => {
    const before = await list();
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "chrome://settings", "data:text/html,hi"]) {
      expect(await session.errorCode("browser.tab_open", { url })).toBe("navigation_refused");
    }
    expect(await session.errorCode("browser.tab_open", { url: "not a url" })).toBe("bad_request");
    expect(await session.errorCode("browser.tab_open", { url: one, windowId: 987_654 })).toBe("not_found");
    expect(await session.errorCode("browser.tab_open", { url: "http://127.0.0.1:1/" })).toBe("navigation_failed");
    expect(tabIds(await list())).toEqual(tabIds(before));
  });

  it("go_back and go_forward step through history and answer moved:false at either end", async () => {
    const opened = await session.client.request("browser.tab_open", { url: one });
    const tabId = opened.tabId;
    expect(await session.client.request("browser.go_back", { tabId })).toEqual({
      tabId,
      url: one,
      title: "Tabs fixture one",
      moved: false,
    });
    await session.client.request("browser.navigate", { url: two, tabId });
    // A move answers the document it reached with its first look.
    const back = await session.client.request("browser.go_back", { tabId });
    expect(back).toMatchObject({ tabId, url: one, title: "Tabs fixture one", moved: true });
    expect(back.first_look?.url).toBe(one);
    // Without tabId the agent's route (this tab, from the last result) is used.
    const forward = await session.client.request("browser.go_forward", {});
    expect(forward).toMatchObject({ tabId, url: two, title: "Tabs fixture two", moved: true });
    expect(forward.first_look?.url).toBe(two);
    expect(await session.client.request("browser.go_forward", { tabId })).toEqual({
      tabId,
      url: two,
      title: "Tabs fixture two",
      moved: false,
    });
    // Same-document history (a fragment) counts too.
    await session.client.request("browser.navigate", { url: `${two}#part`, tabId });
    expect(await session.client.request("browser.go_back", { tabId })).toMatchObject({ url: two, moved: true });
    await session.client.request("browser.tab_close", { tabId });
  });

  it("go_back and go_forward on a closed tab answer tab_not_found instead of using another tab", async () => {
    const gone = await closedTabId();
    expect(await session.errorCode("browser.go_back", { tabId: gone })).toBe("tab_not_found");
    expect(await session.errorCode("browser.go_forward", { tabId: gone })).toBe("tab_not_found");
  });

  it("tab_focus is the one tool that changes the visible tab", async () => {
    const before = await list();
    const opened = await session.client.request("browser.tab_open", { url: two });
    expect((await list()).visibleTabId).toBe(before.visibleTabId);
    const focused = await session.client.request("browser.tab_focus", { tabId: opened.tabId });
    expect(focused).toMatchObject({ tabId: opened.tabId, url: two, title: "Tabs fixture two" });
    const after = await list();
    expect(after.visibleTabId).toBe(opened.tabId);
    expect(after.tabs.find((tab) => tab.tabId === opened.tabId)).toMatchObject({ active: true, focusedWindow: true });
    await session.client.request("browser.tab_focus", { tabId: before.visibleTabId ?? 0 });
    expect((await list()).visibleTabId).toBe(before.visibleTabId);
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  });

  it("tab_focus and tab_close need an explicit tab that exists", async () => {
    const gone = await closedTabId();
    expect(await session.errorCode("browser.tab_focus", { tabId: gone })).toBe("tab_not_found");
    expect(await session.errorCode("browser.tab_close", { tabId: gone })).toBe("tab_not_found");
    // @ts-expect-error tabId is required: these tools never fall back to a default tab.
    expect(await session.errorCode("browser.tab_focus", {})).toBe("bad_request");
    // @ts-expect-error tabId is required.
    expect(await session.errorCode("browser.tab_close", {})).toBe("bad_request");
  });

  it("tab_close closes the tab, reports closedTabId, and leaves the route to fall back", async () => {
    const before = await list();
    const opened = await session.client.request("browser.tab_open", { url: two });
    const closed = await session.client.request("browser.tab_close", { tabId: opened.tabId });
    expect(closed).toEqual({ closed: true, closedTabId: opened.tabId });
    expect(tabIds(await list())).not.toContain(opened.tabId);
    expect(await session.errorCode("browser.snapshot", { tabId: opened.tabId })).toBe("tab_not_found");
    // The route pointed at the closed tab; a tab-less command falls back to the visible tab.
    expect((await session.client.request("browser.snapshot", {})).tabId).toBe(before.visibleTabId);
  });

  it("titles from pages are cut to 300 characters and flattened to one line", async () => {
    const opened = await session.client.request("browser.tab_open", { url: session.pages.url("/tabs-long-title.html") });
    const listed = (await list()).tabs.find((tab) => tab.tabId === opened.tabId);
    for (const title of [opened.title, listed?.title ?? ""]) {
      expect(title.startsWith("Long title")).toBe(true);
      expect(title.length).toBeLessThanOrEqual(300);
      expect(title).not.toMatch(/[\u2028\n]/);
    }
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  });

  it("gives a long URL back whole in tab results, so the agent can navigate to it again; only titles are cut at 300", async () => {
    const url = session.pages.url(`/page?html=${encodeURIComponent("<title>Long URL</title><p>long</p>")}&q=${"x".repeat(1_500)}`);
    const opened = await session.client.request("browser.tab_open", { url });
    expect(opened.url).toBe(url);
    expect((await list()).tabs.find((tab) => tab.tabId === opened.tabId)?.url).toBe(url);
    expect((await session.client.request("browser.reload", { tabId: opened.tabId })).url).toBe(url);
    const found = await session.client.request("browser.history_search", { query: "Long URL", startTime: 0 });
    expect(found.items.map((item) => item.url)).toContain(url);
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  });

  it("history_search finds visited fixture pages, bounds its answer, and honours startTime", async () => {
    const found = await session.client.request("browser.history_search", { query: "Tabs fixture", startTime: 0 });
    const urls = found.items.map((item) => item.url);
    expect(urls).toEqual(expect.arrayContaining([one, two]));
    expect(found.items.find((item) => item.url === one)).toMatchObject({ title: "Tabs fixture one" });
    expect(found.items.find((item) => item.url === one)?.visitCount).toBeGreaterThanOrEqual(1);
    const capped = await session.client.request("browser.history_search", { query: "Tabs fixture", maxResults: 1, startTime: 0 });
    expect(capped.items).toHaveLength(1);
    expect(capped.truncated).toBe(true);
    const future = await session.client.request("browser.history_search", { query: "Tabs fixture", startTime: Date.now() + 86_400_000 });
    expect(future.items).toEqual([]);
    expect((await session.client.request("browser.history_search", { query: "no such page zq9x" })).items).toEqual([]);
    expect(await session.errorCode("browser.history_search", { query: "x", maxResults: 0 })).toBe("bad_request");
  });

  it("bookmarks_search finds a bookmark, answers an empty list for a miss, and needs a query", async () => {
    const worker = await (await session.launched.browser.waitForTarget((target) => target.type() === "service_worker")).worker();
    if (!worker) throw new Error("the extension service worker is not reachable");
    // The product has no tool that writes bookmarks, so the test plants one through the extension's own API.
    await worker.evaluate(
      (url: string) => (globalThis as unknown as ServiceWorkerGlobal).chrome.bookmarks.create({ title: "Fixture bookmark zebra", url }),
      one,
    );
    const found = await session.client.request("browser.bookmarks_search", { query: "zebra" });
    expect(found.truncated).toBe(false);
    expect(found.bookmarks).toHaveLength(1);
    expect(found.bookmarks[0]).toMatchObject({ title: "Fixture bookmark zebra", url: one });
    expect(found.bookmarks[0]?.id).toMatch(/^\d+$/);
    expect(await session.client.request("browser.bookmarks_search", { query: "no such bookmark zq9x" })).toEqual({
      bookmarks: [],
      truncated: false,
    });
    expect(await session.errorCode("browser.bookmarks_search", { query: "" })).toBe("bad_request");
  });

  it("top_sites answers the browser's most visited sites in bounded form", async () => {
    const top = await session.client.request("browser.top_sites", {});
    expect(top.sites.length).toBeLessThanOrEqual(100);
    for (const site of top.sites) {
      expect(site.url.length).toBeLessThanOrEqual(4_096);
      expect(site.title.length).toBeLessThanOrEqual(300);
    }
    // @ts-expect-error top_sites takes no arguments.
    expect(await session.errorCode("browser.top_sites", { limit: 3 })).toBe("bad_request");
  });

  it("sessions_recently_closed lists a closed tab and session_restore brings it back in the background", async () => {
    const before = await list();
    const opened = await session.client.request("browser.tab_open", { url: two });
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
    const closed = await session.client.request("browser.sessions_recently_closed", { maxResults: 5 });
    const entry = closed.sessions[0];
    expect(entry).toMatchObject({ kind: "tab", url: two, title: "Tabs fixture two" });
    if (entry?.kind !== "tab") throw new Error("expected a closed tab first");
    expect(entry.closedAt).toBeGreaterThan(Date.now() - 600_000);

    const restored = await session.client.request("browser.session_restore", { sessionId: entry.sessionId });
    expect(restored).toMatchObject({ restored: "tab", url: two, title: "Tabs fixture two" });
    const after = await list();
    expect(after.visibleTabId).toBe(before.visibleTabId);
    expect(tabIds(after)).toContain(restored.tabId);
    // The restored tab is the agent's route now.
    expect((await session.client.request("browser.snapshot", {})).tabId).toBe(restored.tabId);
    await session.client.request("browser.tab_close", { tabId: restored.tabId ?? 0 });

    expect(await session.errorCode("browser.session_restore", { sessionId: "no-such-session" })).toBe("not_found");
    expect(await session.errorCode("browser.sessions_recently_closed", { maxResults: 26 })).toBe("bad_request");
  });

  it("tab groups: group tabs, list, update, add to a group, and refuse unknown tabs and groups", async () => {
    const a = await session.client.request("browser.tab_open", { url: one });
    const b = await session.client.request("browser.tab_open", { url: two });
    const c = await session.client.request("browser.tab_open", {});
    const grouped = await session.client.request("browser.tabs_group", { tabIds: [a.tabId, b.tabId] });
    expect(grouped.tabIds).toEqual([a.tabId, b.tabId]);
    expect(grouped).not.toHaveProperty("tabId");

    const listed = await session.client.request("browser.tab_groups_list", {});
    expect(listed.groups.find((group) => group.groupId === grouped.groupId)).toMatchObject({ tabIds: [a.tabId, b.tabId] });
    expect((await list()).tabs.find((tab) => tab.tabId === a.tabId)?.groupId).toBe(grouped.groupId);

    const updated = await session.client.request("browser.tab_group_update", {
      groupId: grouped.groupId,
      title: "Research",
      color: "green",
      collapsed: true,
    });
    expect(updated).toMatchObject({ groupId: grouped.groupId, title: "Research", color: "green", collapsed: true });
    const joined = await session.client.request("browser.tabs_group", { tabIds: [c.tabId], groupId: grouped.groupId });
    expect(joined.groupId).toBe(grouped.groupId);
    expect(joined.tabIds).toHaveLength(3);

    const gone = await closedTabId();
    expect(await session.errorCode("browser.tabs_group", { tabIds: [a.tabId, gone] })).toBe("tab_not_found");
    expect(await session.errorCode("browser.tabs_group", { tabIds: [a.tabId], groupId: 987_654 })).toBe("not_found");
    expect(await session.errorCode("browser.tabs_group", { tabIds: [] })).toBe("bad_request");
    expect(await session.errorCode("browser.tab_group_update", { groupId: 987_654, title: "x" })).toBe("not_found");
    // @ts-expect-error colors are Chrome's nine.
    expect(await session.errorCode("browser.tab_group_update", { groupId: grouped.groupId, color: "black" })).toBe("bad_request");

    for (const tab of [a, b, c]) await session.client.request("browser.tab_close", { tabId: tab.tabId });
    const after = await session.client.request("browser.tab_groups_list", {});
    expect(after.groups.map((group) => group.groupId)).not.toContain(grouped.groupId);
  });

  it("tab_close refuses to close the browser's last tab", async () => {
    const tabs = await list();
    const keep = tabs.visibleTabId ?? 0;
    for (const tab of tabs.tabs) if (tab.tabId !== keep) await session.client.request("browser.tab_close", { tabId: tab.tabId });
    expect(tabIds(await list())).toEqual([keep]);
    expect(await session.errorCode("browser.tab_close", { tabId: keep })).toBe("bad_request");
    expect(tabIds(await list())).toEqual([keep]);
  });
});
