import { launchTempWebOperator } from "./tempWebOperator.js";
import { WebOperatorClient } from "../agent-client/client.js";
import { WPT_ACCNAME_DIR, corpusPresent, formatSnapshotTally, formatTable, isShowableName, runWptAccname } from "./accname/wptAccname.js";

/**
 * `npm run bench:accname`: the WPT accname/role cases through our snapshot, our pass
 * rate per kind beside Chromium's, how many expected names the snapshot text prints,
 * then every failing case and every unprinted name with both values.
 */
async function main(): Promise<void> {
  if (!corpusPresent()) {
    console.error(`No WPT accname corpus at ${WPT_ACCNAME_DIR}; it is expected at ../shared/corpus/wpt-accname beside the repo.`);
    process.exitCode = 1;
    return;
  }
  const browser = await launchTempWebOperator("wo-accname-");
  const { launched } = browser;
  const client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
  try {
    const outcomes = await runWptAccname(launched.browser, client);
    console.log(formatTable(outcomes));
    console.log(`\n${formatSnapshotTally(outcomes)}`);
    const failing = outcomes.filter((each) => !each.passed);
    console.log(`\n${failing.length} failing cases (id, kind, expected, ours, Chromium):`);
    for (const each of failing) {
      const chromium = each.case.chromiumMatches ? "same as expected" : JSON.stringify(each.case.chromium);
      console.log(
        `- ${each.case.id} ${each.case.kind}: expected ${JSON.stringify(each.case.expected)}, ours ${JSON.stringify(each.ours)}${each.printed ? "" : " (no line of its own)"}, Chromium ${chromium}`,
      );
    }
    const unshown = outcomes.filter((each) => isShowableName(each) && !each.inSnapshot);
    console.log(`\n${unshown.length} names not in the snapshot text (id, expected, ours, Chromium):`);
    for (const each of unshown) {
      const chromium = each.case.chromiumMatches ? "same as expected" : JSON.stringify(each.case.chromium);
      console.log(
        `- ${each.case.id}: expected ${JSON.stringify(each.case.expected)}, ours ${JSON.stringify(each.ours)}${each.printed ? "" : " (no line of its own)"}, Chromium ${chromium}`,
      );
    }
  } finally {
    client.close();
    await browser.close();
  }
}

await main();
