import { describe, expect } from "vitest";
import {
  CHROMIUM_PASSES,
  corpusPresent,
  formatSnapshotTally,
  formatTable,
  runWptAccname,
  snapshotTally,
  tally,
  WPT_ACCNAME_DIR,
} from "../../scripts/accname/wptAccname.js";
import { sessionTest } from "../helpers/sessionTest.js";

/**
 * Floors: our pass counts when last raised. They only go up; `npm run bench:accname`
 * lists every failing case. Chromium's own counts are printed beside ours.
 */
const NAME_FLOOR = 681;
const ROLE_FLOOR = 388;
/** Expected names printed, quoted, in browser.snapshot's text (of the 657 that are not empty). */
const SNAPSHOT_NAME_FLOOR = 655;

const it = sessionTest();

// Outside CI a checkout without ../shared skips this suite, and says so; CI must have the corpus.
const corpusMissing = !corpusPresent();
if (corpusMissing) console.warn(`accname suite skipped: no corpus at ${WPT_ACCNAME_DIR}/cases.json (../shared/corpus is missing)`);

describe.skipIf(corpusMissing && process.env.CI === undefined)("the WPT accname and role cases, through the socket", () => {
  it("has the corpus to run on", () => {
    expect(corpusPresent(), `no WPT accname corpus at ${WPT_ACCNAME_DIR}/cases.json: CI needs ../shared/corpus`).toBe(true);
  });

  it(
    "names and roles pass at least the recorded floor, and the snapshot text prints the names",
    { timeout: 600_000 },
    async ({ session }) => {
      const outcomes = await runWptAccname(session.launched.browser, session.client);
      console.log(formatTable(outcomes));
      console.log(formatSnapshotTally(outcomes));
      const ours = tally(outcomes);
      expect(ours.name.total).toBe(CHROMIUM_PASSES.name.total);
      expect(ours.role.total).toBe(CHROMIUM_PASSES.role.total);
      expect(ours.name.passed).toBeGreaterThanOrEqual(NAME_FLOOR);
      expect(ours.role.passed).toBeGreaterThanOrEqual(ROLE_FLOOR);
      const printed = snapshotTally(outcomes);
      expect(printed.showable).toBe(657);
      expect(printed.found).toBeGreaterThanOrEqual(SNAPSHOT_NAME_FLOOR);
    },
  );
});
