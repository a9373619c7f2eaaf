import { describe, expect, it } from "vitest";
import { classify, stepSendUrl, type ActionIntent, type DescribedTarget } from "../../extension/background/gatekeeper/confirmationRules.js";
import { readsAsQuery } from "../../extension/background/gatekeeper/consequentialFields.js";
import { formCommitSigns, movesAlong, readsAsNextStep } from "../../extension/background/gatekeeper/formStage.js";
import { scoreHolds, type JudgedForm } from "../../scripts/forms/judgeForms.js";
import { readFormCorpus } from "../../scripts/forms/formCorpus.js";
import { describedSubmitter } from "../helpers/describedSubmitter.js";

type Fields = NonNullable<DescribedTarget["formFields"]>;

const PAGE = new URL("https://shop.test/signup");
const CONTACT: Fields = [
  { name: "csrf_token", type: "hidden" },
  { name: "first_name", type: "text" },
  { name: "email", type: "email" },
];

/** A submit button of a POST form to the wizard's step, with these fields and facts. */
const submitter = (name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget =>
  describedSubmitter(
    name,
    { formAction: "https://shop.test/signup/step", formIsSearch: false, formFields: CONTACT },
    { formShowsTotal: false, formHasTerms: false, ...extra },
  );
const intent = (target: DescribedTarget, page = PAGE): ActionIntent => ({
  activates: true,
  submitsByKeyboard: false,
  target,
  url: null,
  page,
});
const categories = (target: DescribedTarget, page = PAGE): string[] => classify(intent(target, page)).map((finding) => finding.category);
const CHECKOUT_PAGE = new URL("https://shop.test/checkouts/c/8f2e/information");

describe("a form send is held when it commits, not when it moves along", () => {
  it("passes a wizard's Next, and holds the step that commits", () => {
    expect(categories(submitter("Next", { formStep: { current: 1, total: 3 } }))).toEqual([]);
    expect(categories(submitter("Save and continue", { formStep: { current: 2, total: 4 } }))).toEqual([]);
    // The last counted step's Next leads to a review page; beside a total to pay it is the payment.
    expect(categories(submitter("Next", { formStep: { current: 3, total: 3 } }))).toEqual([]);
    expect(categories(submitter("Continue", { formStep: { current: 3, total: 3 }, formShowsTotal: true }))).toEqual(["submit"]);
    expect(categories(submitter("Continue", { formStep: { current: 2, total: 3 }, formShowsTotal: true }))).toEqual([]);
    expect(categories(submitter("Create account", { formStep: { current: 3, total: 3 } }))).toEqual(["submit"]);
    // Without a counter, a Next is a send like any other.
    expect(categories(submitter("Next"))).toEqual(["submit"]);
  });

  it("keeps the hold on a step that carries what binds someone, counter or not", () => {
    const early = { formStep: { current: 1, total: 3 } };
    expect(categories(submitter("Next", { ...early, formHasPassword: true }))).toEqual(["credentials", "submit"]);
    expect(categories(submitter("Next", { ...early, formHasTerms: true }))).toEqual(["submit"]);
    expect(categories(submitter("Continue", { ...early, formFields: [...CONTACT, { name: "message", type: "textarea" }] }))).toEqual([
      "submit",
    ]);
    expect(categories(submitter("Continue", { ...early, formFields: [{ name: "card_number", type: "text" }] }))).toEqual([
      "purchase",
      "submit",
    ]);
    // A step that names its commit is not a Next: "Continue and pay".
    expect(categories(submitter("Continue and pay", early))).toEqual(["purchase", "submit"]);
  });

  it("lets a checkout's step before payment post to its checkout URL from inside the checkout, and only that send", () => {
    const information = submitter("Continue to shipping", {
      formAction: "https://shop.test/checkouts/c/8f2e",
      formStep: { current: 2, total: 4 },
      formShowsTotal: true,
    });
    expect(categories(information, CHECKOUT_PAGE)).toEqual([]);
    expect(stepSendUrl(intent(information, CHECKOUT_PAGE))).toBe("https://shop.test/checkouts/c/8f2e");
    expect(stepSendUrl(intent(submitter("Pay now", { formAction: "https://shop.test/checkouts/c/8f2e" }), CHECKOUT_PAGE))).toBeNull();
    // A "Step 1 of 3" on a page outside a purchase flow does not make a send to /pay a step.
    expect(categories(information)).toEqual(["purchase"]);
    expect(stepSendUrl(intent(information))).toBeNull();
    // The same send without a counter is the checkout it posts to.
    expect(categories(submitter("Continue to shipping", { formAction: "https://shop.test/checkouts/c/8f2e" }), CHECKOUT_PAGE)).toEqual([
      "purchase",
      "submit",
    ]);
    // An account change stays held even as a step.
    expect(
      categories(submitter("Continue", { formAction: "https://shop.test/account/delete", formStep: { current: 1, total: 2 } })),
    ).toEqual(["account"]);
  });

  it("reads a wizard's hidden step field as a step, unless the page shows a total to pay", () => {
    const fields: Fields = [...CONTACT, { name: "current_step", type: "hidden" }];
    expect(categories(submitter("Next", { formFields: fields }))).toEqual([]);
    expect(categories(submitter("Next", { formFields: fields, formShowsTotal: true }))).toEqual(["submit"]);
  });

  it("passes an add-to-cart and a cart update, not a buy", () => {
    const product: Fields = [
      { name: "id", type: "hidden" },
      { name: "quantity", type: "number" },
    ];
    expect(categories(submitter("Add to cart", { formAction: "https://shop.test/cart/add", formFields: product }))).toEqual([]);
    expect(categories(submitter("Add to bag – $64", { formFields: product }))).toEqual([]);
    expect(categories(submitter("Update cart", { formFields: product }))).toEqual([]);
    expect(categories(submitter("Buy now", { formAction: "https://shop.test/cart/add", formFields: product }))).toEqual([
      "purchase",
      "submit",
    ]);
    expect(movesAlong("Add to cart", submitter("Add to cart", { formHasTerms: true }))).toBeNull();
  });

  it("passes a page turn that posts only the list's state, not a Next that sends what was typed", () => {
    const paging: Fields = [
      { name: "__VIEWSTATE", type: "hidden" },
      { name: "pageIndex", type: "hidden" },
    ];
    expect(categories(submitter("Next ›", { formFields: paging }))).toEqual([]);
    expect(categories(submitter("Load more", { formFields: [{ name: "offset", type: "hidden" }] }))).toEqual([]);
    expect(categories(submitter("Next", { formFields: [...paging, { name: "note", type: "text" }] }))).toEqual(["submit"]);
    expect(categories(submitter("Delete", { formFields: paging }))).toEqual(["submit"]);
  });

  it("never takes a form that binds someone for a search because of a field's name", () => {
    // The final step of a signup whose one field is a checkbox named "terms".
    const terms: Fields = [{ name: "terms", type: "checkbox" }];
    expect(readsAsQuery(terms)).toBe(false);
    expect(categories(submitter("Create account", { formFields: terms, formHasTerms: true }))).toEqual(["submit"]);
    expect(categories(submitter("Create account", { formFields: terms }))).toEqual(["submit"]);
    // A query typed into a text field still reads as one.
    expect(readsAsQuery([{ name: "terms", type: "text" }])).toBe(true);
    expect(categories(submitter("Go", { formFields: [{ name: "q", type: "text" }] }))).toEqual([]);
    // A search label on a form with a password or a message does not make it a search.
    expect(
      categories(submitter("Search", { formIsSearch: true, formHasPassword: true, formFields: [{ name: "q", type: "text" }] })),
    ).toEqual(["credentials", "submit"]);
  });

  it("names its signs and its steps", () => {
    expect(formCommitSigns(submitter("Go", { formHasPassword: true, formHasTerms: true }))).toEqual([
      "a password field",
      "a terms checkbox",
    ]);
    expect(readsAsNextStep("Continue to payment")).toBe(true);
    expect(readsAsNextStep("Next: Shipping")).toBe(true);
    expect(readsAsNextStep("Continue and place order")).toBe(false);
    expect(readsAsNextStep("Submit")).toBe(false);
  });
});

describe("the form corpus and its score", () => {
  const forms = readFormCorpus();

  it("has at least 60 labelled forms of every kind, both ways", () => {
    expect(forms.length).toBeGreaterThanOrEqual(60);
    expect(forms.filter((form) => form.expect === "hold").length).toBeGreaterThanOrEqual(25);
    expect(forms.filter((form) => form.expect === "pass").length).toBeGreaterThanOrEqual(25);
    const kinds = new Set(forms.map((form) => form.kind));
    for (const kind of ["signup", "login", "checkout-pay", "checkout-middle", "contact", "newsletter", "search", "filter", "pagination"])
      expect(kinds, kind).toContain(kind);
    for (const kind of [
      "wizard-first",
      "wizard-middle",
      "wizard-last",
      "add-to-cart",
      "cart",
      "settings",
      "delete-account",
      "comment",
      "chat",
    ])
      expect(kinds, kind).toContain(kind);
  });

  it("scores recall over the committing forms and precision over the held ones", () => {
    const [hold, pass] = [forms.find((form) => form.expect === "hold"), forms.find((form) => form.expect === "pass")];
    if (hold === undefined || pass === undefined) throw new Error("the corpus needs both labels");
    const judged = (form: typeof hold, held: boolean): JudgedForm => ({ form, held, categories: held ? ["submit"] : [], reason: "" });
    const score = scoreHolds([judged(hold, true), judged(hold, false), judged(pass, true), judged(pass, false)]);
    expect(score.recall).toBe(0.5);
    expect(score.precision).toBe(0.5);
    expect(score.missed.map((each) => each.form.name)).toEqual([hold.name]);
    expect(score.overheld.map((each) => each.form.name)).toEqual([pass.name]);
  });
});
