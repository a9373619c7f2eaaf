import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PASSES, corpusPresent, formatTable, runWptAccname, tally } from "../../scripts/accname/wptAccname.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * Floors: our pass counts when last raised. They only go up; `npm run bench:accname`
 * lists every failing case. Chromium's own counts are printed beside ours.
 */
const NAME_FLOOR = 673;
const ROLE_FLOOR = 388;

describe.skipIf(!corpusPresent())("the WPT accname and role cases, through the socket", () => {
  let session: WebOperatorSession;

  beforeAll(async () => {
    session = await startWebOperatorSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it("names and roles pass at least the recorded floor", { timeout: 600_000 }, async () => {
    const outcomes = await runWptAccname(session.launched.browser, session.client);
    console.log(formatTable(outcomes));
    const ours = tally(outcomes);
    expect(ours.name.total).toBe(CHROMIUM_PASSES.name.total);
    expect(ours.role.total).toBe(CHROMIUM_PASSES.role.total);
    expect(ours.name.passed).toBeGreaterThanOrEqual(NAME_FLOOR);
    expect(ours.role.passed).toBeGreaterThanOrEqual(ROLE_FLOOR);
  });
});
