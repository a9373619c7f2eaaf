import { WebOperatorClient } from "../agent-client/client.js";
import { runBench } from "./bench/benchRun.js";
import { serveFormCorpus } from "./forms/corpusServer.js";
import { formCorpusDirectory, readFormCorpus } from "./forms/formCorpus.js";
import { describeScore, judgeForm, scoreHolds, type JudgedForm } from "./forms/judgeForms.js";
import { launchTempWebOperator } from "./tempWebOperator.js";

/**
 * The gatekeeper's holds against the form corpus (test/fixtures/forms/, docs/gatekeeper.md):
 * each form is loaded in headless Chromium with the built extension, its committing control
 * is clicked (or Enter pressed in it) through the real socket with the default policy, and
 * the hold is compared with the form's label. Prints recall and precision of the holds and
 * every misjudged form by name.
 */
async function main(): Promise<void> {
  const forms = readFormCorpus();
  const server = await serveFormCorpus(formCorpusDirectory());
  const browser = await launchTempWebOperator("wo-forms-");
  const judged: JudgedForm[] = [];
  try {
    const { socket, token } = browser.launched;
    const client = await WebOperatorClient.connect({ socketPath: socket, token });
    try {
      for (const form of forms) {
        const each = await judgeForm(client, `${server.origin}/${form.name}.html`, form);
        judged.push(each);
        const verdict = each.held ? `held (${each.categories.join("+")})` : "passed";
        console.log(`${each.held === (form.expect === "hold") ? "ok  " : "MISS"} ${form.name}: ${verdict}, expected ${form.expect}`);
      }
    } finally {
      client.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  for (const line of describeScore(scoreHolds(judged), forms.length)) console.log(line);
}

runBench(main);
