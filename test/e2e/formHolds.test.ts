import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFormCorpus } from "../../scripts/forms/formCorpus.js";
import { describeScore, judgeForm, openFormPage, scoreHolds, type JudgedForm } from "../../scripts/forms/judgeForms.js";
import { WebOperatorError } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * The form corpus (test/fixtures/forms/, the same forms `npm run bench:forms` scores) acted on
 * through the socket with the default policy: every step that commits is held, and the steps
 * that only move along (a wizard's Next, an add-to-cart, a search, a filter, a page turn) run.
 * Among them the forms that once were misjudged: the signup whose last step's one field is a
 * checkbox named "terms", the add-to-cart a script turns into an in-page update.
 */
describe("holds match consequences on real forms (test/fixtures/forms/)", () => {
  let session: WebOperatorSession;
  const corpus = readFormCorpus();

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
  });
  afterAll(async () => {
    await session?.close();
  });

  it("holds every committing step (recall 100%) and few others (precision >= 90%)", { timeout: 600_000 }, async () => {
    const judged: JudgedForm[] = [];
    for (const form of corpus) judged.push(await judgeForm(session.client, session.pages.url(`/forms/${form.name}.html`), form));
    const score = scoreHolds(judged);
    const report = describeScore(score, corpus.length).join("\n");
    console.log(report);
    expect(
      score.missed.map((each) => each.form.name),
      report,
    ).toEqual([]);
    expect(score.recall, report).toBe(1);
    expect(score.precision, report).toBeGreaterThanOrEqual(0.9);
  });

  it("lets a checkout's step before payment reach its checkout URL, and holds a script's other send there", async () => {
    const form = corpus.find((each) => each.name === "checkouts/information");
    if (form === undefined) throw new Error("checkouts/information is not in the form corpus");
    const judged = await judgeForm(session.client, session.pages.url("/forms/checkouts/information.html"), form);
    expect(judged.held).toBe(false);
    // The step's own POST went out: the server saw it.
    await expect.poll(() => session.pages.requested.some((request) => request.includes("/checkouts/c/8f2e41d0"))).toBe(true);
    // The same step, whose script sends another form to the order's completion instead: held before it leaves.
    await openFormPage(session.client, session.pages.url("/checkouts/scripted-step.html"));
    const ref = findRef((await session.client.request("browser.snapshot", {})).text, "button", "Continue to shipping");
    const error = await session.client.request("browser.click", { ref }).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(WebOperatorError);
    const confirmation = (error as WebOperatorError).confirmation;
    expect(confirmation?.categories).toEqual(["purchase"]);
    expect(confirmation?.reason).toContain("/checkouts/c/77aa/complete");
    expect(session.pages.requested.some((request) => request.includes("/checkouts/c/77aa/complete"))).toBe(false);
    expect((await session.client.request("browser.extract", {})).text).toContain("sending");
    await session.client.request("browser.confirm", { id: confirmation?.id ?? "", allow: false });
  });

  it("holds the same step on a page outside a purchase flow, whose counter cannot make a send to a checkout a step", async () => {
    const page = `<title>Sign up</title><p>Step 1 of 3</p>
      <form method="post" action="/checkouts/c/77aa"><label>Email <input name="email" value="ada@example.com"></label><button>Continue to shipping</button></form>`;
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, page) });
    const ref = findRef((await session.client.request("browser.snapshot", {})).text, "button", "Continue to shipping");
    const error = await session.client.request("browser.click", { ref }).then(
      () => null,
      (failure: unknown) => failure,
    );
    const confirmation = (error as WebOperatorError).confirmation;
    expect(confirmation?.categories).toEqual(["purchase"]);
    await session.client.request("browser.confirm", { id: confirmation?.id ?? "", allow: false });
  });
});
