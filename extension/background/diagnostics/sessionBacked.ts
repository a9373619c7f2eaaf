import type { z } from "zod";
import { cell } from "../storage/cell.js";
import type { CellSchema, StorageCell } from "../storage/storageCell.js";

/** How long changes gather before one write: a busy page finishes many requests a second. */
const WRITE_DELAY_MS = 300;

/**
 * A diagnostics buffer's copy in session storage, so a service worker Chrome stopped (it
 * does so at will) comes back with what it had: restore() once per worker life, then save()
 * after changes. Changes gather for a moment and then go out as one write of the state as
 * it is then; the storage cell keeps the writes in order.
 */
export class SessionBacked<S extends z.ZodType> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly stored: StorageCell<z.output<S>>;

  constructor(
    key: string,
    schema: CellSchema<S>,
    private readonly snapshot: () => z.output<S>,
  ) {
    this.stored = cell("session", key, schema);
  }

  /** What the worker before this one stored; nothing when storage cannot answer. */
  restore(): Promise<z.output<S> | undefined> {
    return this.stored.read().catch(() => undefined);
  }

  save(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.stored.write(this.snapshot()).catch(() => undefined);
    }, WRITE_DELAY_MS);
  }
}
