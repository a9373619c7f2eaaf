import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LINGER_MS, subscribe, subscribeFiltered } from "../../extension/background/sharedListeners.js";

/** A chrome.events.Event stand-in that counts registrations. */
function fakeEvent<A extends unknown[]>(): {
  event: { addListener(callback: (...args: A) => void, filter?: unknown): void; removeListener(callback: (...args: A) => void): void };
  fire(...args: A): void;
  added: unknown[];
  removed: number;
} {
  const listeners = new Set<(...args: A) => void>();
  const state = {
    added: [] as unknown[],
    removed: 0,
    event: {
      addListener(callback: (...args: A) => void, filter?: unknown) {
        listeners.add(callback);
        state.added.push(filter);
      },
      removeListener(callback: (...args: A) => void) {
        if (listeners.delete(callback)) state.removed += 1;
      },
    },
    fire(...args: A) {
      for (const listener of [...listeners]) listener(...args);
    },
  };
  return state;
}

describe("shared chrome listeners", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("registers one real listener for many watches, and keeps it a while after the last leaves", () => {
    const fake = fakeEvent<[number]>();
    const heard: string[] = [];
    const leaveA = subscribe(fake.event, (n) => heard.push(`a${n}`));
    const leaveB = subscribe(fake.event, (n) => heard.push(`b${n}`));
    fake.fire(1);
    leaveA();
    fake.fire(2);
    leaveB();
    fake.fire(3);
    expect(heard).toEqual(["a1", "b1", "b2"]);
    expect(fake.added).toHaveLength(1);
    // A new watch within the linger reuses the same registration.
    vi.advanceTimersByTime(LINGER_MS - 1);
    const leaveC = subscribe(fake.event, (n) => heard.push(`c${n}`));
    vi.advanceTimersByTime(LINGER_MS);
    fake.fire(4);
    expect(heard.at(-1)).toBe("c4");
    expect(fake.added).toHaveLength(1);
    leaveC();
    leaveC();
    vi.advanceTimersByTime(LINGER_MS);
    expect(fake.removed).toBe(1);
    subscribe(fake.event, () => undefined);
    expect(fake.added).toHaveLength(2);
  });

  it("keeps one real listener per webRequest filter, registered with it", () => {
    const fake = fakeEvent<[string]>();
    const heard: string[] = [];
    subscribeFiltered(fake.event, { types: ["main_frame"] }, (url) => heard.push(`main ${url}`));
    subscribeFiltered(fake.event, { types: ["main_frame"] }, (url) => heard.push(`main again ${url}`));
    subscribeFiltered(fake.event, { types: ["sub_frame"] }, (url) => heard.push(`sub ${url}`));
    expect(fake.added).toEqual([{ types: ["main_frame"] }, { types: ["sub_frame"] }]);
    fake.fire("x");
    expect(heard.sort()).toEqual(["main again x", "main x", "sub x"]);
  });

  it("delivers to the other watches when one throws, and not to one that left during delivery", () => {
    const fake = fakeEvent<[]>();
    const heard: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let leaveLast = (): void => undefined;
    subscribe(fake.event, () => {
      heard.push("first");
      leaveLast();
      throw new Error("broken watch");
    });
    subscribe(fake.event, () => heard.push("second"));
    leaveLast = subscribe(fake.event, () => heard.push("last"));
    fake.fire();
    expect(heard).toEqual(["first", "second"]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
