import { describe, expect, it } from "vitest";
import { classify, enforced, type DescribedTarget } from "../../extension/background/gatekeeper/confirmationRules.js";
import { changedFields, loosenings } from "../../extension/background/gatekeeper/policyTightening.js";
import { plannedActions } from "../../extension/background/gatekeeper/toolIntents.js";
import { PolicySchema, type Policy } from "../../protocol/tools/gatekeeperTools.js";
import defaultPolicy from "../../extension/policy/defaultPolicy.json" with { type: "json" };

const policy = (patch: Partial<Policy> = {}): Policy => PolicySchema.parse({ ...defaultPolicy, ...patch });

function target(name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget {
  return { ref: "s1_1_1", role: "button", name, tag: "button", type: "", submitsForm: false, inForm: false, formHasPassword: false, ...extra };
}

const categories = (findings: { category: string }[]) => findings.map((finding) => finding.category).sort();

describe("confirmation rules", () => {
  it.each([
    ["Place order", ["purchase"]],
    ["Buy now", ["purchase"]],
    ["Delete my account", ["account"]],
    ["Change password", ["account"]],
    ["Send message", ["messaging", "submit"]],
    ["Submit application", ["submit"]],
    ["Read more", []],
    ["Pay attention to this", ["purchase"]],
  ])("activating %j asks for %j", (name, expected) => {
    expect(categories(classify({ activates: true, submitsByKeyboard: false, target: target(name), url: null }))).toEqual(expected);
  });

  it("judges Enter in a field by the form's default button, and credentials by the password field", () => {
    const field = target("Email", { role: "textbox", tag: "input", inForm: true, formHasPassword: true, formSubmitName: "Sign in" });
    expect(categories(classify({ activates: false, submitsByKeyboard: true, target: field, url: null }))).toEqual(["credentials"]);
    const checkout = target("Card number", { role: "textbox", inForm: true, formSubmitName: "Pay now" });
    expect(categories(classify({ activates: false, submitsByKeyboard: true, target: checkout, url: null }))).toEqual(["purchase"]);
  });

  it("judges URLs an action opens and forms post to", () => {
    expect(categories(classify({ activates: false, submitsByKeyboard: false, target: null, url: new URL("https://shop.test/checkout/") }))).toEqual(["purchase"]);
    expect(categories(classify({ activates: false, submitsByKeyboard: false, target: null, url: new URL("https://x.test/account/delete") }))).toEqual(["account"]);
    const button = target("Go", { submitsForm: true, inForm: true, formAction: "https://shop.test/payment" });
    expect(categories(classify({ activates: true, submitsByKeyboard: false, target: button, url: null }))).toEqual(["purchase"]);
  });

  it("enforces only the categories the policy keeps on", () => {
    const findings = classify({ activates: true, submitsByKeyboard: false, target: target("Send"), url: null });
    expect(categories(enforced(findings, policy({ confirm: { ...defaultPolicy.confirm, messaging: false } })))).toEqual(["submit"]);
  });
});

describe("planned actions come from each command's declared intent", () => {
  it("activates refs, submits by keyboard, points, and composes batches", () => {
    expect(plannedActions("browser.click", { ref: "a" })).toEqual([{ activates: true, submitsByKeyboard: false, describe: "a", url: null }]);
    expect(plannedActions("browser.press_key", { key: "ctrl+Enter" })[0]).toMatchObject({ submitsByKeyboard: true, describe: null });
    expect(plannedActions("browser.press", { key: "Space", ref: "b" })[0]).toMatchObject({ activates: true, describe: "b" });
    expect(plannedActions("browser.type", { ref: "c", text: "x", submit: "true" })[0]).toMatchObject({ submitsByKeyboard: true, describe: "c" });
    expect(plannedActions("browser.type", { ref: "c", text: "x" })[0]).toMatchObject({ submitsByKeyboard: false, describe: undefined });
    expect(plannedActions("browser.click_xy", { x: 4, y: 5 })[0]).toMatchObject({ activates: true, point: { x: 4, y: 5 } });
    expect(plannedActions("browser.drag", { from: { ref: "a" }, to: { ref: "z" } })[0]).toMatchObject({ activates: true, describe: "z" });
    expect(plannedActions("browser.navigate", { url: "https://a.test/checkout" })[0]).toMatchObject({ activates: false, url: "https://a.test/checkout" });
    const batch = plannedActions("browser.batch_actions", { actions: [{ tool: "type", ref: "f", text: "x" }, { tool: "click", ref: "g" }] });
    expect(batch.map((plan) => plan.activates)).toEqual([false, true]);
  });
});

describe("policy tightening", () => {
  it("finds every loosening and nothing else", () => {
    const current = policy({ allowedHosts: ["*.a.test"], blockedHosts: ["bad.test"], blockPrivateNetworks: true });
    expect(loosenings(current, policy({ allowedHosts: ["x.a.test"], blockedHosts: ["bad.test", "worse.test"], blockPrivateNetworks: true }))).toEqual([]);
    const loose = loosenings(current, policy({ allowedHosts: [], blockedHosts: [], allowJavaScript: true, allowUploads: true, confirm: { ...defaultPolicy.confirm, submit: false } }));
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
    expect(changedFields(policy(), policy({ blockedHosts: ["x.test"], confirm: { ...defaultPolicy.confirm, account: false } }))).toEqual(["blockedHosts", "confirm.account"]);
  });
});
