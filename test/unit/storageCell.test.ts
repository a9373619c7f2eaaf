import { describe, expect, it } from "vitest";
import { z } from "zod";
import { storageCells, type CellStorage, type KeyValueArea, type StorageAreaName } from "../../extension/background/storage/storageCell.js";

/**
 * chrome.storage's behaviour as the cells meet it: each get and set answers only when the
 * test lets it (so writes can be caught in flight), and a set that lands reports the change.
 */
class FakeStorage {
  readonly values: Record<StorageAreaName, Map<string, unknown>> = { local: new Map(), session: new Map() };
  readonly calls: string[] = [];
  private readonly waiting: Array<() => void> = [];
  private listener: (area: StorageAreaName, keys: readonly string[]) => void = () => undefined;
  held = false;

  readonly storage: CellStorage = {
    areas: { local: this.area("local"), session: this.area("session") },
    onChanged: (listener) => {
      this.listener = listener;
    },
  };

  /** Another writer (the user in DevTools): lands at once and reports the change. */
  writeFromElsewhere(area: StorageAreaName, key: string, value: unknown): void {
    this.values[area].set(key, value);
    this.listener(area, [key]);
  }

  /** Lets every held call answer, in the order they were made. */
  release(): void {
    for (const answer of this.waiting.splice(0)) answer();
  }

  private area(name: StorageAreaName): KeyValueArea {
    return {
      get: (key) =>
        this.answer(`get ${key}`, () => {
          return structuredClone(this.values[name].get(key));
        }),
      set: (key, value) =>
        this.answer(`set ${key} ${JSON.stringify(value)}`, () => {
          this.values[name].set(key, structuredClone(value));
          this.listener(name, [key]);
        }),
    };
  }

  private answer<T>(call: string, run: () => T): Promise<T> {
    this.calls.push(call);
    if (!this.held) return Promise.resolve().then(run);
    return new Promise((resolve) => this.waiting.push(() => resolve(run())));
  }
}

const Counter = z.number().int().nonnegative().default(0);
const Names = z.array(z.string()).default(() => []);

async function settled(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

describe("storage cell", () => {
  it("loads once, on first use, however many read at once", async () => {
    const fake = new FakeStorage();
    fake.values.session.set("count", 7);
    const count = storageCells(fake.storage)("session", "count", Counter);
    expect(fake.calls).toEqual([]);
    const reads = await Promise.all([count.read(), count.read(), count.read()]);
    await count.read();
    expect(reads).toEqual([7, 7, 7]);
    expect(fake.calls).toEqual(["get count"]);
  });

  it("stores writes one at a time, in the order they were made, and a read after a write sees it before it is stored", async () => {
    const fake = new FakeStorage();
    const names = storageCells(fake.storage)("session", "names", Names);
    fake.held = true;
    const writes = [names.write(["a"]), names.write(["a", "b"]), names.write(["a", "b", "c"])];
    expect(await names.read()).toEqual(["a", "b", "c"]);
    await settled();
    // The second write waits for the first to be stored.
    expect(fake.calls).toEqual(['set names ["a"]']);
    for (let step = 0; step < 3; step++) {
      fake.release();
      await settled();
    }
    await Promise.all(writes);
    expect(fake.calls).toEqual(['set names ["a"]', 'set names ["a","b"]', 'set names ["a","b","c"]']);
    expect(fake.values.session.get("names")).toEqual(["a", "b", "c"]);
  });

  it("runs updates one after the other, each against the value the one before left", async () => {
    const fake = new FakeStorage();
    const count = storageCells(fake.storage)("local", "count", Counter);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        count.update(async (current) => {
          // A decision that takes a while: another update must not start meanwhile.
          await settled();
          return { result: current + 1, next: current + 1 };
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(fake.values.local.get("count")).toBe(5);
    expect(fake.calls.filter((call) => call.startsWith("get"))).toHaveLength(1);
  });

  it("an update that decides nothing changed stores nothing; one that throws leaves the value and the chain intact", async () => {
    const fake = new FakeStorage();
    const count = storageCells(fake.storage)("local", "count", Counter);
    expect(await count.update((current) => ({ result: current }))).toBe(0);
    await expect(count.update(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await count.update((current) => ({ result: "stored", next: current + 2 }))).toBe("stored");
    expect(fake.calls).toEqual(["get count", "set count 2"]);
  });

  it("falls back to the schema's default for a stored value the schema refuses, and says why", async () => {
    const fake = new FakeStorage();
    fake.values.session.set("count", "seven");
    const count = storageCells(fake.storage)("session", "count", Counter);
    const checked = await count.readChecked();
    expect(checked.value).toBe(0);
    expect(checked.invalid?.issues[0]?.code).toBe("invalid_type");
    await count.write(1);
    expect((await count.readChecked()).invalid).toBeNull();
  });

  it("loads again after a failed load", async () => {
    const fake = new FakeStorage();
    let failures = 1;
    const flaky: CellStorage = {
      ...fake.storage,
      areas: {
        ...fake.storage.areas,
        session: {
          get: (key) => (failures-- > 0 ? Promise.reject(new Error("storage unavailable")) : fake.storage.areas.session.get(key)),
          set: (key, value) => fake.storage.areas.session.set(key, value),
        },
      },
    };
    fake.values.session.set("count", 3);
    const count = storageCells(flaky)("session", "count", Counter);
    await expect(count.read()).rejects.toThrow("storage unavailable");
    expect(await count.read()).toBe(3);
  });

  it("keeps its own value when another writer changes the key, and tells its listeners", async () => {
    const fake = new FakeStorage();
    const names = storageCells(fake.storage)("session", "names", Names);
    let told = 0;
    names.onChange(() => (told += 1));
    await names.write(["mine"]);
    fake.writeFromElsewhere("session", "names", ["theirs"]);
    expect(await names.read()).toEqual(["mine"]);
    expect(told).toBe(2);
  });

  it("with other writers, follows their changes, and still reads its own queued writes after one", async () => {
    const fake = new FakeStorage();
    const names = storageCells(fake.storage)("local", "names", Names, { otherWriters: true });
    expect(await names.read()).toEqual([]);
    fake.writeFromElsewhere("local", "names", ["user"]);
    expect(await names.read()).toEqual(["user"]);

    fake.held = true;
    const first = names.write(["first"]);
    const second = names.write(["second"]);
    // A change reported while our writes are queued drops the loaded value; the read then waits for them.
    fake.writeFromElsewhere("local", "names", ["user again"]);
    const read = names.read();
    for (let step = 0; step < 4; step++) {
      fake.release();
      await settled();
    }
    await Promise.all([first, second]);
    expect(await read).toEqual(["second"]);
    expect(fake.values.local.get("names")).toEqual(["second"]);
  });

  it("refuses a second cell on the same key, whose writes would not be ordered with the first's", () => {
    const cell = storageCells(new FakeStorage().storage);
    cell("session", "names", Names);
    expect(() => cell("session", "names", Names)).toThrow(/already a storage cell/);
    expect(() => cell("local", "names", Names)).not.toThrow();
  });

  it("takes only schemas that give a value for an absent key", () => {
    const cell = storageCells(new FakeStorage().storage);
    // @ts-expect-error a schema without a default has nothing to fall back on
    expect(() => cell("session", "bare", z.number())).not.toThrow();
  });
});
