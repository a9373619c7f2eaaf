import { describe, expect, it } from "vitest";
import { categoriesOf, classify, enforced, type DescribedTarget } from "../../extension/background/gatekeeper/confirmationRules.js";
import { changedFields, loosenings } from "../../extension/background/gatekeeper/policyTightening.js";
import { plannedActions } from "../../extension/background/gatekeeper/toolIntents.js";
import { PolicySchema, type ConfirmationCategory, type Policy } from "../../protocol/tools/gatekeeperTools.js";
import { autoConfirmAllows } from "../../bridge/tasks/confirmationDecision.js";
import defaultPolicy from "../../extension/policy/defaultPolicy.json" with { type: "json" };

const policy = (patch: Partial<Policy> = {}): Policy => PolicySchema.parse({ ...defaultPolicy, ...patch });

function target(name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget {
  return {
    ref: "s1_1_1",
    role: "button",
    name,
    tag: "button",
    type: "",
    submitsForm: false,
    inForm: false,
    formHasPassword: false,
    ...extra,
  };
}

const PAGE = new URL("https://shop.test/catalog");
/** A submit button of a form that sends to `action` with `method`. */
const submitter = (name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget =>
  target(name, {
    submitsForm: true,
    inForm: true,
    formAction: "https://shop.test/catalog",
    formMethod: "unset",
    formIsSearch: false,
    formSubmitName: name,
    ...extra,
  });
const field = (name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget =>
  target(name, {
    role: "textbox",
    tag: "input",
    type: "text",
    inForm: true,
    formAction: "https://shop.test/catalog",
    formMethod: "post",
    formIsSearch: false,
    ...extra,
  });
const link = (name: string, href: string): DescribedTarget => target(name, { role: "link", tag: "a", href });

const click = (described: DescribedTarget) =>
  classify({ activates: true, submitsByKeyboard: false, target: described, url: null, page: PAGE });
const enter = (described: DescribedTarget) =>
  classify({ activates: false, submitsByKeyboard: true, target: described, url: null, page: PAGE });
const shiftEnter = (described: DescribedTarget) =>
  classify({ activates: false, submitsByKeyboard: true, lineBreak: true, target: described, url: null, page: PAGE });
const categories = (findings: { category: string }[]) => findings.map((finding) => finding.category);

describe("confirmation rules judge what an action does", () => {
  it.each([
    ["a script-sent form's submit button", click(submitter("Submit")), ["submit"]],
    ["a POST form's Save", click(submitter("Save", { formMethod: "post" })), ["submit"]],
    [
      "a checkout form's Place order",
      click(submitter("Place order", { formAction: "https://shop.test/checkout/complete", formMethod: "post" })),
      ["purchase", "submit"],
    ],
    [
      "a plainly named button whose formaction pays",
      click(submitter("Continue", { formAction: "https://shop.test/pay", formMethod: "post" })),
      ["purchase", "submit"],
    ],
    [
      "a settings form posting to /account/delete",
      click(submitter("Confirm", { formAction: "https://shop.test/account/delete", formMethod: "post" })),
      ["account", "submit"],
    ],
    ["a sign-in form", click(submitter("Log in", { formHasPassword: true })), ["credentials", "submit"]],
    ["a GET form that still sends a password", click(submitter("Go", { formHasPassword: true, formMethod: "get" })), ["credentials"]],
    ["a comment form's Post", click(submitter("Post comment", { formMethod: "post" })), ["messaging", "submit"]],
    [
      "a type=button Submit in a form (requestSubmit)",
      click(target("Submit", { inForm: true, formMethod: "unset", formAction: "https://shop.test/catalog" })),
      ["submit"],
    ],
    ["Enter in a field of a POST form", enter(field("Email", { formSubmitName: "Subscribe" })), ["purchase", "submit"]],
    ["Enter in a payment form's field", enter(field("Card number", { formSubmitName: "Pay now" })), ["purchase", "submit"]],
    ["a link to the checkout", click(link("Proceed", "https://shop.test/cart/checkout")), ["purchase"]],
    ["a link to delete the account", click(link("Manage", "https://shop.test/settings/delete")), ["account"]],
    ["a Buy now button outside a form", click(target("Buy now")), ["purchase"]],
    ["a Buy now link that is a button in disguise", click(link("Buy now", "https://shop.test/catalog#")), ["purchase"]],
    ["a Buy now button with its price", click(target("Buy now – $29.99")), ["purchase"]],
    ["a Checkout button outside a form", click(target("Proceed to checkout")), ["purchase"]],
    ["a Place order button with its count", click(target("Place order (2 items)")), ["purchase"]],
    ["a Delete my account button outside a form", click(target("Delete my account")), ["account"]],
    ["a Send message button outside a form", click(target("Send message")), ["messaging"]],
    [
      "Enter in a chat composer outside a form",
      enter(target("Message", { role: "textbox", tag: "textarea", multiline: true })),
      ["messaging"],
    ],
    ["a Sign in button on a form-less page with a password field", click(target("Sign in", { formHasPassword: true })), ["credentials"]],
    [
      "Enter in a contenteditable composer whose text sits bare in its host",
      enter(target("Message #general", { role: "textbox", tag: "div", multiline: true, enterInsertsLine: false })),
      ["messaging"],
    ],
    [
      "Enter in a form's textarea whose key handler may send it",
      enter(field("Message", { tag: "textarea", multiline: true, enterInsertsLine: false, formSubmitName: "Send" })),
      ["messaging", "submit"],
    ],
    [
      "Shift+Enter in a single-line field of a POST form, which still submits it",
      shiftEnter(field("Email", { formSubmitName: "Subscribe" })),
      ["purchase", "submit"],
    ],
    [
      "Enter in a multi-line editor on a page with a password field",
      enter(target("Message", { role: "textbox", tag: "div", multiline: true, enterInsertsLine: true, formHasPassword: true })),
      ["credentials"],
    ],
  ])("asks for %s", (_label, findings, expected) => {
    expect(categories(findings)).toEqual(expected);
  });

  it.each([
    [
      "Shift+Enter in a composer, its newline",
      shiftEnter(target("Message #general", { role: "textbox", tag: "div", multiline: true, enterInsertsLine: false })),
    ],
    [
      "Enter in a rich-text editor named Message, where Enter starts a paragraph",
      enter(target("Message…", { role: "textbox", tag: "div", multiline: true, enterInsertsLine: true })),
    ],
    [
      "Enter in a plain textarea of a POST form, which makes a new line",
      enter(field("Message", { tag: "textarea", multiline: true, enterInsertsLine: true, formSubmitName: "Send" })),
    ],
    ["Apply filters outside a form", click(target("Apply filters"))],
    ["Apply filters submitting a filter form", click(submitter("Apply filters"))],
    ["Send to back", click(target("Send to back"))],
    ["Send to back inside an editor form", click(target("Send to back", { inForm: true, formMethod: "post" }))],
    ["a Complete profile later link", click(link("Complete profile later", "https://shop.test/home"))],
    ["a search form's Submit", click(submitter("Submit", { formIsSearch: true }))],
    ["Enter in a search box", enter(field("Search", { formIsSearch: true, formMethod: "get", formSubmitName: "Submit" }))],
    ["a GET form's Submit", click(submitter("Submit", { formMethod: "get" }))],
    ["Confirm in a method=dialog form", click(submitter("Confirm", { formMethod: "dialog" }))],
    ["Finish tour outside a form", click(target("Finish tour"))],
    ["Mark as complete outside a form", click(target("Mark as complete"))],
    ["Pay attention to this", click(target("Pay attention to this"))],
    ["a link to the help page on payments", click(link("Payment options", "https://shop.test/help/payment-options"))],
    ["a link to the order history", click(link("Order history", "https://shop.test/account/orders"))],
    [
      "a same-page link on a checkout page",
      classify({
        activates: true,
        submitsByKeyboard: false,
        target: link("Checkout", "https://shop.test/checkout#summary"),
        url: null,
        page: new URL("https://shop.test/checkout"),
      }),
    ],
    [
      "a checkbox in a POST form",
      click(target("Send me updates", { role: "checkbox", tag: "input", type: "checkbox", inForm: true, formMethod: "post" })),
    ],
    ["Enter in a search box outside any form", enter(target("Search messages", { role: "textbox", tag: "input" }))],
    ["Read more", click(target("Read more"))],
    ["Add to cart", click(target("Add to cart"))],
    ["Buy milk, a to-do item", click(target("Buy milk", { role: "checkbox", tag: "input", type: "checkbox" }))],
    ["a Payment tab", click(target("Payment", { role: "tab", tag: "div" }))],
    ["Confirm my choices in a cookie banner", click(target("Confirm my choices"))],
  ])("does not ask for %s", (_label, findings) => {
    expect(findings).toEqual([]);
  });

  it("judges URLs an action opens, per path segment", () => {
    const opens = (url: string) =>
      categories(classify({ activates: false, submitsByKeyboard: false, target: null, url: new URL(url), page: null }));
    expect(opens("https://shop.test/checkout/")).toEqual(["purchase"]);
    expect(opens("https://x.test/account/delete")).toEqual(["account"]);
    expect(opens("https://x.test/delete-account")).toEqual(["account"]);
    expect(opens("https://x.test/blog/checkout-our-new-look")).toEqual([]);
    expect(opens("https://x.test/orders")).toEqual([]);
  });

  it("names the most consequential category first, and says why", () => {
    const findings = click(submitter("Send", { formHasPassword: true, formMethod: "post", formAction: "https://shop.test/checkout" }));
    expect(categories(findings)).toEqual(["credentials", "purchase", "messaging", "submit"]);
    expect(findings[1]?.why).toBe('activates button "Send", which sends a form to https://shop.test/checkout');
  });

  it("lists the categories of a batch's findings once each, most consequential first", () => {
    const findings = [
      ...click(submitter("Submit", { formMethod: "post" })),
      ...click(target("Buy now")),
      ...click(submitter("Go", { formHasPassword: true })),
    ];
    expect(categoriesOf(findings)).toEqual(["credentials", "purchase", "submit"]);
  });

  it("enforces only the categories the policy keeps on", () => {
    const findings = click(submitter("Send", { formMethod: "post" }));
    expect(categories(enforced(findings, policy({ confirm: { ...defaultPolicy.confirm, messaging: false } })))).toEqual(["submit"]);
  });
});

describe("the task engine's autoConfirm follows the gatekeeper's categories", () => {
  const request = (categories: ConfirmationCategory[]) => ({
    id: "cf_1",
    tool: "browser.click",
    category: categories[0] ?? "submit",
    categories,
    reason: "",
    target: null,
    url: "",
    expiresAt: "",
    answeredBy: "agent" as const,
  });
  it("grants account and credentials steps, holds sends, purchases and messages for a person", () => {
    expect(autoConfirmAllows(request(["account"]))).toBe(true);
    expect(autoConfirmAllows(request(["credentials"]))).toBe(true);
    expect(autoConfirmAllows(request(["credentials", "submit"]))).toBe(false);
    expect(autoConfirmAllows(request(["purchase"]))).toBe(false);
    expect(autoConfirmAllows(request(["messaging"]))).toBe(false);
  });
});

describe("planned actions come from each command's declared intent", () => {
  it("activates refs, submits by keyboard, points, and composes batches", () => {
    expect(plannedActions("browser.click", { ref: "a" })).toEqual([
      { activates: true, submitsByKeyboard: false, describe: "a", url: null },
    ]);
    expect(plannedActions("browser.press_key", { key: "ctrl+Enter" })[0]).toMatchObject({ submitsByKeyboard: true, describe: null });
    expect(plannedActions("browser.press", { key: "Space", ref: "b" })[0]).toMatchObject({ activates: true, describe: "b" });
    expect(plannedActions("browser.press", { key: "Shift+Enter", ref: "b" })[0]).toMatchObject({
      submitsByKeyboard: true,
      lineBreak: true,
    });
    expect(plannedActions("browser.press", { key: "ctrl+shift+Enter" })[0]).not.toHaveProperty("lineBreak");
    expect(plannedActions("browser.type", { ref: "c", text: "x", submit: "true" })[0]).toMatchObject({
      submitsByKeyboard: true,
      describe: "c",
    });
    expect(plannedActions("browser.type", { ref: "c", text: "x" })[0]).toMatchObject({ submitsByKeyboard: false, describe: undefined });
    expect(plannedActions("browser.click_xy", { x: 4, y: 5 })[0]).toMatchObject({ activates: true, point: { x: 4, y: 5 } });
    expect(plannedActions("browser.drag", { from: { ref: "a" }, to: { ref: "z" } })[0]).toMatchObject({ activates: true, describe: "z" });
    expect(plannedActions("browser.navigate", { url: "https://a.test/checkout" })[0]).toMatchObject({
      activates: false,
      url: "https://a.test/checkout",
    });
    const batch = plannedActions("browser.batch_actions", {
      actions: [
        { tool: "type", ref: "f", text: "x" },
        { tool: "click", ref: "g" },
      ],
    });
    expect(batch.map((plan) => plan.activates)).toEqual([false, true]);
  });
});

describe("policy tightening", () => {
  it("finds every loosening and nothing else", () => {
    const current = policy({ allowedHosts: ["*.a.test"], blockedHosts: ["bad.test"], blockPrivateNetworks: true });
    expect(
      loosenings(current, policy({ allowedHosts: ["x.a.test"], blockedHosts: ["bad.test", "worse.test"], blockPrivateNetworks: true })),
    ).toEqual([]);
    const loose = loosenings(
      current,
      policy({
        allowedHosts: [],
        blockedHosts: [],
        allowJavaScript: true,
        allowUploads: true,
        confirm: { ...defaultPolicy.confirm, submit: false },
      }),
    );
    expect(loose).toEqual([
      "allowedHosts: an empty allowlist would allow every host",
      "blockedHosts: bad.test would be unblocked",
      "blockPrivateNetworks: true -> false",
      "allowJavaScript: false -> true",
      "allowUploads: false -> true",
      "confirm.submit: true -> false",
    ]);
    expect(loosenings(current, policy({ allowedHosts: ["other.test"], blockedHosts: ["bad.test"], blockPrivateNetworks: true }))).toEqual([
      "allowedHosts: other.test is not within the current allowlist",
    ]);
  });

  it("names the fields that changed", () => {
    expect(changedFields(policy(), policy({ blockedHosts: ["x.test"], confirm: { ...defaultPolicy.confirm, account: false } }))).toEqual([
      "blockedHosts",
      "confirm.account",
    ]);
  });
});
