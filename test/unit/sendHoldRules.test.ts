import { describe, expect, it } from "vitest";
import { SEND_HOLD_RULE_IDS, sendHoldRules } from "../../extension/background/gatekeeper/networkRules.js";
import { CONSEQUENTIAL_POST_PATTERNS } from "../../extension/shared/consequentialPostPatterns.js";

/** Which tabs' sends to `url` the rules block, read as Chrome would: the regex against the URL, case-insensitively. */
const blockedIn = (rules: ReturnType<typeof sendHoldRules>, url: string): number[] =>
  [...new Set(rules.filter((rule) => new RegExp(rule.condition.regexFilter, "i").test(url)).flatMap((rule) => rule.condition.tabIds))].sort(
    (a, b) => a - b,
  );

describe("sendHoldRules: standing send holds, one rule per pattern over every held tab", () => {
  it("has no rule while no tab is held", () => {
    expect(sendHoldRules(CONSEQUENTIAL_POST_PATTERNS, new Map())).toEqual([]);
  });

  it("costs the same rules for 50 tabs as for one: each pattern's rule lists the tabs held in its category", () => {
    const fifty = Array.from({ length: 50 }, (_, index) => index + 1);
    const one = sendHoldRules(CONSEQUENTIAL_POST_PATTERNS, new Map([["purchase", [1]]]));
    const many = sendHoldRules(CONSEQUENTIAL_POST_PATTERNS, new Map([["purchase", fifty]]));
    expect(many).toHaveLength(one.length);
    expect(many.map((rule) => rule.id)).toEqual(one.map((rule) => rule.id));
    expect(blockedIn(many, "https://shop.test/api/checkout")).toEqual(fifty);
    for (const rule of many) {
      expect(rule.condition.requestMethods).toEqual(["post", "put", "patch", "delete"]);
      expect(rule.id).toBeGreaterThanOrEqual(SEND_HOLD_RULE_IDS.first);
      expect(rule.id).toBeLessThanOrEqual(SEND_HOLD_RULE_IDS.last);
    }
  });

  it("holds a tab only in the categories it is held for", () => {
    const rules = sendHoldRules(
      CONSEQUENTIAL_POST_PATTERNS,
      new Map([
        ["purchase", [3]],
        ["account", [4]],
      ]),
    );
    expect(blockedIn(rules, "https://shop.test/checkout")).toEqual([3]);
    expect(blockedIn(rules, "https://shop.test/account/delete")).toEqual([4]);
    expect(blockedIn(rules, "https://shop.test/search")).toEqual([]);
  });
});
