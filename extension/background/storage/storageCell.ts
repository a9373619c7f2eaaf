import type { z } from "zod";

export type StorageAreaName = "local" | "session";

/** One storage area as the cells use it: one key at a time. */
export interface KeyValueArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** The storage the cells sit on: the extension's storage areas in the worker (cell.ts), a fake in unit tests. */
export interface CellStorage {
  areas: Record<StorageAreaName, KeyValueArea>;
  /** Every change storage reports, whoever made it; registered once, when the cells are made. */
  onChanged(listener: (area: StorageAreaName, keys: readonly string[]) => void): void;
}

export interface CellOptions {
  /**
   * Someone besides the cell writes the key too (the user from the worker's DevTools). Each
   * change storage reports then drops the loaded value, and the next read loads it again once
   * the cell's own queued writes are stored. Without it the loaded value is the truth: the
   * worker is the only writer, and a store may keep the value and change it in place.
   */
  otherWriters?: boolean;
}

/** What an update decides: its result, and the value to store (none: nothing changed). */
export interface CellChange<T, R> {
  result: R;
  next?: T;
}

/**
 * One storage key, its value held in memory once loaded. The load happens once per worker
 * life, on first use, however many callers ask at once. Writes go out one at a time in the
 * order they were made, so an older value never lands over a newer one; a read after a write
 * sees the written value at once, before it is stored.
 */
export interface StorageCell<T> {
  read(): Promise<T>;
  /** The value, and why the stored one was set aside for the schema's default (null when it was valid or absent). */
  readChecked(): Promise<Loaded<T>>;
  write(value: T): Promise<void>;
  /**
   * Runs `change` against the value with no other write of this cell in between. `change`
   * must not read this cell again: it is given the value.
   */
  update<R>(change: (current: T) => CellChange<T, R> | Promise<CellChange<T, R>>): Promise<R>;
  /** Called after storage reports a change of this key, whoever made it. */
  onChange(listener: () => void): void;
}

export interface Loaded<T> {
  value: T;
  invalid: z.ZodError | null;
}

/** A schema the cell can fall back on: it must give a value for an absent key. */
export type CellSchema<S extends z.ZodType> = undefined extends z.input<S> ? S : never;

export type MakeCell = <S extends z.ZodType>(
  area: StorageAreaName,
  key: string,
  schema: CellSchema<S>,
  options?: CellOptions,
) => StorageCell<z.output<S>>;

/** The cell maker over one storage: one change listener routes storage's reports to each cell by area and key. */
export function storageCells(storage: CellStorage): MakeCell {
  const cells = new Map<string, { changed(): void }>();
  storage.onChanged((area, keys) => {
    for (const key of keys) cells.get(cellId(area, key))?.changed();
  });
  return <S extends z.ZodType>(
    area: StorageAreaName,
    key: string,
    schema: CellSchema<S>,
    options: CellOptions = {},
  ): StorageCell<z.output<S>> => {
    const id = cellId(area, key);
    // Two cells on one key would each serialise only their own writes.
    if (cells.has(id)) throw new Error(`There is already a storage cell for ${area} "${key}": share that one.`);
    const made = new KeyCell<S>(storage.areas[area], key, schema, options.otherWriters === true);
    cells.set(id, made);
    return made;
  };
}

function cellId(area: StorageAreaName, key: string): string {
  return `${area}\u0000${key}`;
}

class KeyCell<S extends z.ZodType> implements StorageCell<z.output<S>> {
  private loaded: Promise<Loaded<z.output<S>>> | null = null;
  /** The write chain: each write starts when the one before it has settled. */
  private writes: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly area: KeyValueArea,
    private readonly key: string,
    private readonly schema: S,
    private readonly otherWriters: boolean,
  ) {}

  async read(): Promise<z.output<S>> {
    return (await this.readChecked()).value;
  }

  readChecked(): Promise<Loaded<z.output<S>>> {
    if (this.loaded !== null) return this.loaded;
    // Dropped by another writer's change while writes of ours are queued: load what they leave.
    if (this.queued > 0) return this.writes.then(() => this.readChecked());
    return this.load();
  }

  write(value: z.output<S>): Promise<void> {
    this.loaded = Promise.resolve({ value, invalid: null });
    return this.enqueue(() => this.area.set(this.key, value));
  }

  update<R>(change: (current: z.output<S>) => CellChange<z.output<S>, R> | Promise<CellChange<z.output<S>, R>>): Promise<R> {
    return this.enqueue(async () => {
      // At the head of the chain every earlier write is stored, so a load here is current.
      const { value } = await (this.loaded ?? this.load());
      const { result, next } = await change(value);
      if (next !== undefined) {
        this.loaded = Promise.resolve({ value: next, invalid: null });
        await this.area.set(this.key, next);
      }
      return result;
    });
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  changed(): void {
    if (this.otherWriters) this.loaded = null;
    for (const listener of this.listeners) listener();
  }

  private load(): Promise<Loaded<z.output<S>>> {
    const loading = this.area.get(this.key).then((stored) => this.parse(stored));
    this.loaded = loading;
    // A failed load is not kept: the next read tries again.
    loading.catch(() => {
      if (this.loaded === loading) this.loaded = null;
    });
    return loading;
  }

  private parse(stored: unknown): Loaded<z.output<S>> {
    const parsed = this.schema.safeParse(stored);
    if (parsed.success) return { value: parsed.data, invalid: null };
    return { value: this.schema.parse(undefined), invalid: parsed.error };
  }

  private enqueue<R>(step: () => Promise<R>): Promise<R> {
    this.queued += 1;
    const run = this.writes.then(step).finally(() => {
      this.queued -= 1;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }
}
