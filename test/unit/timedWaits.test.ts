import { describe, expect, it } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { scheduleResumeAt, watchOutcome, watchTimeoutMs } from "../../bridge/tasks/providers/timedWaitInput.js";
import { waitForSchedule, watchPage } from "../../bridge/tasks/timedWaits.js";
import { codeOf } from "../helpers/thrownCode.js";

const NOW = new Date("2026-12-02T09:00:00.000Z");
const DAY_MS = 86_400_000;

describe("schedule_resume's time", () => {
  it("takes after_seconds or an ISO time with an offset", () => {
    expect(scheduleResumeAt({ after_seconds: 90 }, NOW, DAY_MS).toISOString()).toBe("2026-12-02T09:01:30.000Z");
    expect(scheduleResumeAt({ at: "2026-12-02T10:30:00+01:00" }, NOW, DAY_MS).toISOString()).toBe("2026-12-02T09:30:00.000Z");
  });
  it.each([
    [{}],
    [{ at: "2026-12-02T09:30:00Z", after_seconds: 5 }],
    [{ at: "2026-12-02T09:30:00" }],
    [{ at: "2026-13-40T09:30:00Z" }],
    [{ at: "2026-12-02T08:59:59Z" }],
    [{ at: "2026-12-03T09:00:01Z" }],
    [{ after_seconds: 0 }],
    [{ after_seconds: 86_401 }],
    [{ after_seconds: Number.NaN }],
  ])("refuses %j with bad_request", (input) => {
    expect(codeOf(() => scheduleResumeAt(input, NOW, DAY_MS))).toBe("bad_request");
  });
  it("refuses a time past the end of the task's own timeoutMs", () => {
    expect(codeOf(() => scheduleResumeAt({ after_seconds: 61 }, NOW, 60_000))).toBe("bad_request");
    expect(scheduleResumeAt({ after_seconds: 60 }, NOW, 60_000).getTime() - NOW.getTime()).toBe(60_000);
  });
});

describe("watch_page's bound and outcome", () => {
  it("takes 1 s to a day, within the task's time", () => {
    expect(watchTimeoutMs(1.5, DAY_MS)).toBe(1_500);
    for (const seconds of [0, -1, 86_401, Number.POSITIVE_INFINITY])
      expect(codeOf(() => watchTimeoutMs(seconds, DAY_MS))).toBe("bad_request");
    expect(codeOf(() => watchTimeoutMs(120, 60_000))).toBe("bad_request");
  });
  it("a watch whose tab failed is that failure, with its code", () => {
    expect(
      codeOf(() =>
        watchOutcome("Done", "appears", { matched: false, at: NOW.toISOString(), error: { code: "tab_not_found", message: "closed" } }),
      ),
    ).toBe("tab_not_found");
  });
});

describe("the waits", () => {
  const watch = (until: "appears" | "goes", deadlineMs: number) =>
    ({
      id: "ti_1",
      type: "watch",
      text: "Done",
      until,
      tabId: 1,
      deadline: new Date(Date.now() + deadlineMs).toISOString(),
      requestedAt: NOW.toISOString(),
    }) as const;

  it("a watch looks until the text does what it waits for", async () => {
    const answers = [false, false, true];
    let looks = 0;
    const outcome = await watchPage(
      watch("appears", 60_000),
      () => Promise.resolve(answers[looks++] ?? true),
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({ matched: true });
    expect(looks).toBe(3);
    const gone = await watchPage(watch("goes", 60_000), () => Promise.resolve(false), new AbortController().signal);
    expect(gone).toMatchObject({ matched: true });
  });
  it("a watch past its deadline looks once more and ends unmatched; a failing look ends it with the error", async () => {
    let looks = 0;
    const outcome = await watchPage(watch("appears", -1), () => Promise.resolve(looks++ > 100), new AbortController().signal);
    expect(outcome).toMatchObject({ matched: false });
    expect(looks).toBe(1);
    const failed = await watchPage(
      watch("appears", 60_000),
      () => Promise.reject(new WebOperatorError("tab_not_found", "closed")),
      new AbortController().signal,
    );
    expect(failed).toMatchObject({ matched: false, error: { code: "tab_not_found" } });
  });
  it("the task's end stops a watch and a schedule at once", async () => {
    const ended = new AbortController();
    ended.abort();
    expect(await watchPage(watch("appears", 60_000), () => Promise.resolve(false), ended.signal)).toMatchObject({ matched: false });
    const schedule = {
      id: "ti_2",
      type: "schedule",
      resumeAt: new Date(Date.now() + 3_600_000).toISOString(),
      requestedAt: NOW.toISOString(),
    } as const;
    expect(await waitForSchedule(schedule, ended.signal)).toHaveProperty("resumedAt");
  });
});
