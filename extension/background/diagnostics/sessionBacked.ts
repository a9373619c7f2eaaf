/** How long changes gather before one write: a busy page finishes many requests a second. */
const WRITE_DELAY_MS = 300;

/**
 * A diagnostics buffer's copy in chrome.storage.session, so a service worker Chrome stopped
 * (it does so at will) comes back with what it had: restore() once per worker life, then
 * save() after changes. Writes are gathered, and go out one at a time with the state as it
 * is when they run, so a later state is never overwritten by an earlier one.
 */
export class SessionBacked {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly key: string,
    private readonly snapshot: () => unknown,
  ) {}

  async restore(): Promise<unknown> {
    try {
      return (await chrome.storage.session.get(this.key))[this.key];
    } catch {
      return undefined;
    }
  }

  save(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writes = this.writes.then(() => chrome.storage.session.set({ [this.key]: this.snapshot() })).catch(() => undefined);
    }, WRITE_DELAY_MS);
  }
}
