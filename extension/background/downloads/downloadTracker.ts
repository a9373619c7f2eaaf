import type { DownloadSummary } from "../../../protocol/tools/diagnosticsTools.js";

/** The parts of chrome.downloads the tracker needs, so it can be driven by a fake in unit tests. */
export interface DownloadItemLike {
  id: number;
  url: string;
  finalUrl?: string;
  filename: string;
  state: string;
  error?: string;
  bytesReceived: number;
  totalBytes: number;
  mime?: string;
}
export interface DownloadDeltaLike {
  id: number;
  state?: { current?: string };
  error?: { current?: string };
  filename?: { current?: string };
  finalUrl?: { current?: string };
  totalBytes?: { current?: number };
}
export interface DownloadEvents {
  onCreated(listener: (item: DownloadItemLike) => void): void;
  onChanged(listener: (delta: DownloadDeltaLike) => void): void;
  /** A download removed from Chrome's list (by the person, or by us after refusing its file). */
  onErased(listener: (id: number) => void): void;
}

const MAX_KNOWN = 100;
const MAX_LISTED = 50;

/**
 * Downloads as the agent sees them (Claude toolset "Report downloads"): an action that
 * starts one reports it (trackDownloadsDuring), a later result reports its completion or
 * failure once (drainDownloadUpdates), and browser.downloads lists them. Memory only and
 * bounded; it sees every download Chrome starts while the worker lives, the user's too.
 */
export class DownloadTracker {
  private readonly known = new Map<number, DownloadSummary>();
  /** Downloads that reached complete/interrupted and have not been reported in a result yet. */
  private readonly unreported = new Set<number>();
  private readonly collectors = new Set<Set<number>>();

  constructor(
    events: DownloadEvents,
    private readonly redact: (url: string) => string,
  ) {
    events.onCreated((item) => this.created(item));
    events.onChanged((delta) => this.changed(delta));
    events.onErased((id) => this.erased(id));
  }

  /**
   * Runs an action and returns the downloads Chrome started meanwhile. `graceMs` waits a
   * little after the action, since Chrome creates a download only once the response
   * headers arrive. Downloads already finished are reported here, not again by drain.
   */
  async trackDownloadsDuring<T>(action: () => Promise<T>, graceMs = 0): Promise<{ result: T; downloads: DownloadSummary[] }> {
    const started = new Set<number>();
    this.collectors.add(started);
    try {
      const result = await action();
      if (graceMs > 0) await new Promise((done) => setTimeout(done, graceMs));
      const downloads = [...started].flatMap((id) => {
        const summary = this.known.get(id);
        if (summary === undefined) return [];
        this.unreported.delete(id);
        return [{ ...summary }];
      });
      return { result, downloads };
    } finally {
      this.collectors.delete(started);
    }
  }

  /** Completions and failures not yet reported, oldest first; each is returned once. */
  drainDownloadUpdates(): DownloadSummary[] {
    const updates = [...this.unreported].flatMap((id) => {
      const summary = this.known.get(id);
      return summary === undefined ? [] : [{ ...summary }];
    });
    this.unreported.clear();
    return updates;
  }

  list(): { downloads: DownloadSummary[]; truncated: boolean } {
    const all = [...this.known.values()].reverse();
    return { downloads: all.slice(0, MAX_LISTED).map((summary) => ({ ...summary })), truncated: all.length > MAX_LISTED };
  }

  private created(item: DownloadItemLike): void {
    this.known.set(item.id, {
      download_id: `dl-${item.id}`,
      url: this.redact(item.finalUrl || item.url),
      filename: item.filename,
      state: asState(item.state),
      ...(item.error ? { error: item.error } : {}),
      bytesReceived: item.bytesReceived,
      ...(item.totalBytes > 0 ? { totalBytes: item.totalBytes } : {}),
      ...(item.mime ? { mime: item.mime } : {}),
    });
    if (this.known.size > MAX_KNOWN) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) {
        this.known.delete(oldest);
        this.unreported.delete(oldest);
      }
    }
    for (const collector of this.collectors) collector.add(item.id);
    if (asState(item.state) !== "in_progress") this.unreported.add(item.id);
  }

  /** Gone from Chrome's list, so gone from ours: a refused file the policy removed is never listed or reported as done. */
  private erased(id: number): void {
    this.known.delete(id);
    this.unreported.delete(id);
  }

  private changed(delta: DownloadDeltaLike): void {
    const summary = this.known.get(delta.id);
    if (summary === undefined) return;
    if (delta.filename?.current !== undefined) summary.filename = delta.filename.current;
    if (delta.finalUrl?.current) summary.url = this.redact(delta.finalUrl.current);
    if (delta.totalBytes?.current !== undefined && delta.totalBytes.current > 0) summary.totalBytes = delta.totalBytes.current;
    if (delta.error?.current !== undefined) summary.error = delta.error.current;
    if (delta.state?.current !== undefined) {
      summary.state = asState(delta.state.current);
      if (summary.state === "complete" && summary.totalBytes !== undefined) summary.bytesReceived = summary.totalBytes;
      if (summary.state !== "in_progress") this.unreported.add(delta.id);
    }
  }
}

function asState(state: string): DownloadSummary["state"] {
  return state === "complete" || state === "interrupted" ? state : "in_progress";
}
