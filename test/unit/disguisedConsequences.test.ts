import { describe, expect, it } from "vitest";
import { classify, type DescribedTarget } from "../../extension/background/gatekeeper/confirmationRules.js";
import { normalisedSegments, urlCategories } from "../../extension/background/gatekeeper/consequentialUrls.js";
import { postCategory } from "../../extension/shared/consequentialPostPatterns.js";
import { describedSubmitter } from "../helpers/describedSubmitter.js";

const PAGE = new URL("https://bank.test/transfer");
const TRANSFER_FIELDS: NonNullable<DescribedTarget["formFields"]> = [
  { name: "recipient_iban", type: "text" },
  { name: "amount", type: "text" },
  { name: "q", type: "search" },
];

const button = (name: string, extra: Partial<DescribedTarget> = {}): DescribedTarget =>
  describedSubmitter(name, { formAction: "https://bank.test/transfer/send", formIsSearch: true, formFields: TRANSFER_FIELDS }, extra);
const click = (target: DescribedTarget) => classify({ activates: true, submitsByKeyboard: false, target, url: null, page: PAGE });
const categories = (target: DescribedTarget): string[] => click(target).map((finding) => finding.category);
const follows = (href: string): string[] =>
  categories({ ...button("Next step", { submitsForm: false, inForm: false }), role: "link", tag: "a", href });

describe("disguised consequential actions are judged by what they do", () => {
  it("holds a POST transfer form that claims to be a search (role=search or a hidden type=search field)", () => {
    expect(categories(button("Search"))).toEqual(["purchase", "submit"]);
  });

  it('holds "Continue to preview" on a POST transfer form, as a submit control or a script-driven button', () => {
    expect(categories(button("Continue to preview"))).toEqual(["purchase", "submit"]);
    expect(categories(button("Continue to preview", { submitsForm: false, tag: "div", type: "" }))).toEqual(["purchase", "submit"]);
  });

  it("still lets a real POST search, a filter form and a GET form through", () => {
    const search = button("Search", { formAction: "https://shop.test/search", formFields: [{ name: "q", type: "search" }] });
    expect(categories(search)).toEqual([]);
    const filters = button("Apply filters", { formAction: "https://shop.test/catalog", formFields: [{ name: "colour", type: "select" }] });
    expect(categories(filters)).toEqual([]);
    expect(categories(button("Search", { formMethod: "get", formAction: "https://shop.test/find" }))).toEqual([]);
    // A "Continue" that goes nowhere consequential is not a send.
    const profile = { submitsForm: false, formAction: "https://shop.test/profile", formFields: [{ name: "nickname", type: "text" }] };
    expect(categories(button("Continue", profile))).toEqual([]);
  });

  it.each([
    ["/checkout;step=pay", ["purchase"]],
    ["/checkout%2Fcomplete", ["purchase"]],
    ["/cart/%2563heckout", ["purchase"]],
    ["/place_order", ["purchase"]],
    ["/Place-Order.php", ["purchase"]],
    ["/checkouts/c1a2b3", ["purchase"]],
    ["/account;v=2/delete", ["account"]],
    ["/delete_my_account", ["account"]],
    ["/orders", []],
    ["/blog/checkout-our-new-look", []],
    ["/help/payment-options", []],
  ])("follows a link to %s: %j", (path, expected) => {
    expect(follows(`https://shop.test${path}`)).toEqual(expected);
  });

  it("reads a POSTed /orders or /transfers as a purchase, a followed one as a page", () => {
    expect(urlCategories(new URL("https://shop.test/api/orders"), "post")).toEqual(["purchase"]);
    expect(urlCategories(new URL("https://bank.test/api/v1/transfers"), "post")).toEqual(["purchase"]);
    expect(urlCategories(new URL("https://shop.test/api/orders"), "get")).toEqual([]);
  });

  it("normalises segments: decoded, matrix parameters, extensions and separators dropped", () => {
    expect(normalisedSegments("/a%2Fb;x=1/Place_Order.aspx/%E2%82%AC")).toEqual(["a", "b", "placeorder", "€"]);
  });
});

describe("the send hold's patterns agree with the gatekeeper's judgement of a POST", () => {
  const both = new Set(["purchase", "account"]);
  it.each([
    "https://shop.test/api/orders",
    "https://shop.test/api/orders?x=1",
    "https://shop.test/checkout/complete",
    "https://shop.test/checkout;step=pay",
    "https://shop.test/checkout%2Fcomplete",
    "https://shop.test/cart/place_order.php",
    "https://shop.test/checkouts/abc123",
    "https://bank.test/api/v1/Transfers",
    "https://x.test/account/delete",
    "https://x.test/settings%2Fpassword",
    "https://x.test/delete-my-account",
    "https://x.test/api/cart/add",
    "https://x.test/blog/checkout-our-new-look",
    "https://x.test/help/payment-options",
    "https://x.test/analytics/collect",
    "https://x.test/paypal-button.js",
    "https://x.test/?next=/checkout",
  ])("%s", (url) => {
    const judged = urlCategories(new URL(url), "post")[0] ?? null;
    expect(postCategory(url, both)).toBe(judged);
  });

  it("holds only the categories the policy confirms", () => {
    expect(postCategory("https://shop.test/checkout", new Set(["account"]))).toBeNull();
  });
});
