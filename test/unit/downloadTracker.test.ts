import { describe, expect, it } from "vitest";
import { DownloadTracker, type DownloadDeltaLike, type DownloadItemLike } from "../../extension/background/downloads/downloadTracker.js";

function fakeDownloads(): {
  tracker: DownloadTracker;
  create(item: Partial<DownloadItemLike> & { id: number }): void;
  change(delta: DownloadDeltaLike): void;
  erase(id: number): void;
} {
  let onCreated: (item: DownloadItemLike) => void = () => undefined;
  let onChanged: (delta: DownloadDeltaLike) => void = () => undefined;
  let onErased: (id: number) => void = () => undefined;
  const tracker = new DownloadTracker(
    {
      onCreated: (listener) => (onCreated = listener),
      onChanged: (listener) => (onChanged = listener),
      onErased: (listener) => (onErased = listener),
    },
    (url) => url.replace(/token=[^&]*/, "token=[redacted]"),
  );
  return {
    tracker,
    create: (item) =>
      onCreated({
        url: `https://files.test/${item.id}?token=abc`,
        filename: "",
        state: "in_progress",
        bytesReceived: 0,
        totalBytes: 0,
        ...item,
      }),
    change: (delta) => onChanged(delta),
    erase: (id) => onErased(id),
  };
}

describe("DownloadTracker", () => {
  it("forgets a download erased from Chrome's list: neither listed nor reported as done", () => {
    const downloads = fakeDownloads();
    downloads.create({ id: 7 });
    downloads.create({ id: 8 });
    downloads.change({ id: 7, state: { current: "complete" } });
    downloads.erase(7);
    expect(downloads.tracker.list().downloads.map((download) => download.download_id)).toEqual(["dl-8"]);
    expect(downloads.tracker.drainDownloadUpdates()).toEqual([]);
  });

  it("reports the downloads an action started, and only those", async () => {
    const downloads = fakeDownloads();
    downloads.create({ id: 1 });
    const { result, downloads: started } = await downloads.tracker.trackDownloadsDuring(async () => {
      downloads.create({ id: 2, filename: "/tmp/report.csv", totalBytes: 10 });
      return "clicked";
    });
    expect(result).toBe("clicked");
    expect(started).toEqual([
      {
        download_id: "dl-2",
        url: "https://files.test/2?token=[redacted]",
        filename: "/tmp/report.csv",
        state: "in_progress",
        bytesReceived: 0,
        totalBytes: 10,
      },
    ]);
  });

  it("drains each completion or failure once, and not one the action already reported as finished", async () => {
    const downloads = fakeDownloads();
    downloads.create({ id: 1 });
    downloads.create({ id: 2 });
    downloads.change({ id: 1, state: { current: "complete" }, totalBytes: { current: 5 } });
    downloads.change({ id: 2, state: { current: "interrupted" }, error: { current: "NETWORK_FAILED" } });
    expect(
      downloads.tracker
        .drainDownloadUpdates()
        .map(({ download_id, state, error, bytesReceived }) => ({ download_id, state, error, bytesReceived })),
    ).toEqual([
      { download_id: "dl-1", state: "complete", error: undefined, bytesReceived: 5 },
      { download_id: "dl-2", state: "interrupted", error: "NETWORK_FAILED", bytesReceived: 0 },
    ]);
    expect(downloads.tracker.drainDownloadUpdates()).toEqual([]);

    const { downloads: started } = await downloads.tracker.trackDownloadsDuring(async () => {
      downloads.create({ id: 3 });
      downloads.change({ id: 3, state: { current: "complete" } });
    });
    expect(started.map((download) => download.state)).toEqual(["complete"]);
    expect(downloads.tracker.drainDownloadUpdates()).toEqual([]);
  });

  it("lists newest first, at most 50, and forgets beyond 100", () => {
    const downloads = fakeDownloads();
    for (let id = 1; id <= 120; id++) downloads.create({ id });
    const listed = downloads.tracker.list();
    expect(listed.truncated).toBe(true);
    expect(listed.downloads).toHaveLength(50);
    expect(listed.downloads[0]?.download_id).toBe("dl-120");
    downloads.change({ id: 5, state: { current: "complete" } });
    expect(downloads.tracker.drainDownloadUpdates()).toEqual([]);
  });
});
