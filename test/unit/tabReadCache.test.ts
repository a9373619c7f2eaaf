import { describe, expect, it } from "vitest";
import { TabReadCache, type TabChangeEvents } from "../../extension/background/tabReadCache.js";

/** A chrome event stand-in: fire() calls what listen() registered. */
function fakeEvent<A extends unknown[]>(): { addListener(callback: (...args: A) => void): void; fire(...args: A): void } {
  const listeners: Array<(...args: A) => void> = [];
  return {
    addListener: (callback) => void listeners.push(callback),
    fire: (...args) => {
      for (const listener of listeners) listener(...args);
    },
  };
}

interface Tab {
  id?: number;
  url: string;
}

const tab = (id: number, url: string): Tab => ({ id, url });

function cacheWithEvents() {
  const updated = fakeEvent<[number, unknown, Tab]>();
  const activated = fakeEvent<never[]>();
  const removed = fakeEvent<never[]>();
  const navigation = fakeEvent<[{ tabId: number; frameId: number }]>();
  const events: TabChangeEvents<Tab> = { updated, others: [activated, removed], navigations: [navigation] };
  const cache = new TabReadCache<Tab>();
  cache.listen(events);
  return { cache, updated, activated, removed, navigation };
}

describe("the read commands' tab cache", () => {
  it("knows nothing of a tab until Chrome reports it, then holds its latest update", () => {
    const { cache, updated } = cacheWithEvents();
    expect(cache.get(7)).toBeUndefined();
    updated.fire(7, { status: "loading" }, tab(7, "http://127.0.0.1/a"));
    updated.fire(7, { status: "complete" }, tab(7, "http://127.0.0.1/b"));
    expect(cache.get(7)?.url).toBe("http://127.0.0.1/b");
  });

  it("drops a tab whose top frame begins or commits a navigation, and no other on a subframe's", () => {
    const { cache, updated, navigation } = cacheWithEvents();
    updated.fire(7, {}, tab(7, "http://127.0.0.1/a"));
    updated.fire(8, {}, tab(8, "http://127.0.0.1/c"));
    navigation.fire({ tabId: 7, frameId: 3 });
    expect(cache.get(7)?.url).toBe("http://127.0.0.1/a");
    navigation.fire({ tabId: 7, frameId: 0 });
    expect(cache.get(7)).toBeUndefined();
    expect(cache.get(8)?.url).toBe("http://127.0.0.1/c");
  });

  it("forgets every tab on a change whose event does not carry the tabs it changed", () => {
    const { cache, updated, activated, removed } = cacheWithEvents();
    updated.fire(7, {}, tab(7, "http://127.0.0.1/a"));
    updated.fire(8, {}, tab(8, "http://127.0.0.1/c"));
    activated.fire();
    expect([cache.get(7), cache.get(8)]).toEqual([undefined, undefined]);
    updated.fire(8, {}, tab(8, "http://127.0.0.1/c"));
    removed.fire();
    expect(cache.get(8)).toBeUndefined();
  });

  it("keeps no update whose tab is not the one the event names", () => {
    const { cache, updated } = cacheWithEvents();
    updated.fire(7, {}, tab(9, "http://127.0.0.1/a"));
    expect([cache.get(7), cache.get(9)]).toEqual([undefined, undefined]);
  });
});
