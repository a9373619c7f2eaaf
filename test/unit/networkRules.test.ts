import { describe, expect, it } from "vitest";
import { governanceRule, hostPatternRegex, networkRules, SUBRESOURCE_TYPES } from "../../extension/background/gatekeeper/networkRules.js";
import { PolicySchema, type Policy } from "../../protocol/tools/gatekeeperTools.js";
import bundled from "../../extension/policy/defaultPolicy.json" with { type: "json" };

const base: Policy = PolicySchema.parse(bundled);
/** What a rule blocks, read as Chrome would: the regex against the canonical URL, case-insensitively. */
const blocks = (policy: Policy, url: string): boolean =>
  networkRules(policy, [7]).some((rule) => new RegExp(rule.condition.regexFilter, "i").test(new URL(url).href));

describe("networkRules: the policy as declarativeNetRequest session rules", () => {
  it("adds nothing while no tab is an agent's, and scopes every rule to the agent tabs", () => {
    expect(networkRules({ ...base, blockedHosts: ["evil.test"] }, [])).toEqual([]);
    const [rule] = networkRules({ ...base, blockedHosts: ["evil.test"] }, [3, 9]);
    expect(rule?.condition.tabIds).toEqual([3, 9]);
    expect(rule?.condition.resourceTypes).toEqual([...SUBRESOURCE_TYPES]);
    expect(rule?.condition.resourceTypes).not.toContain("main_frame");
  });

  it("matches host patterns exactly as hostRules does: a.com only itself, *.a.com it and its subdomains", () => {
    const policy = { ...base, blockedHosts: ["evil.test", "*.tracker.test"] };
    expect(blocks(policy, "https://evil.test/x.js")).toBe(true);
    expect(blocks(policy, "wss://evil.test:8443/socket")).toBe(true);
    expect(blocks(policy, "http://user:pw@EVIL.test/")).toBe(true);
    expect(blocks(policy, "https://sub.evil.test/")).toBe(false);
    expect(blocks(policy, "https://evil.test.example/")).toBe(false);
    expect(blocks(policy, "https://notevil.test/")).toBe(false);
    expect(blocks(policy, "https://tracker.test/p")).toBe(true);
    expect(blocks(policy, "https://a.b.tracker.test/p?q")).toBe(true);
    expect(blocks(policy, "https://example.com/?next=https://evil.test/")).toBe(false);
    expect(hostPatternRegex("a.b")).toContain("a\\.b");
  });

  it("blockPrivateNetworks covers loopback, private, link-local, CGNAT and IPv6 local forms, and no public host", () => {
    const policy = { ...base, blockPrivateNetworks: true };
    for (const url of [
      "http://localhost:3000/",
      "http://app.localhost/",
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://10.1.2.3/",
      "http://172.16.0.1/",
      "http://172.31.255.255/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "ws://[::1]:9222/devtools",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      expect(blocks(policy, url), url).toBe(true);
    }
    for (const url of [
      "https://example.com/",
      "http://8.8.8.8/",
      "http://172.32.0.1/",
      "http://100.128.0.1/",
      "http://[2606:4700::1111]/",
      "https://localhost.example.com/",
    ]) {
      expect(blocks(policy, url), url).toBe(false);
    }
    expect(blocks(base, "http://127.0.0.1/")).toBe(false);
  });

  it("blocks a governed agent's top-level loads outside its authorized domains in the tab its write runs in", () => {
    expect(governanceRule(8000, 3, ["Example.com", "*.shop.test", "*.example.com"])).toEqual({
      id: 8000,
      priority: 2,
      action: { type: "block" },
      condition: { urlFilter: "|http", resourceTypes: ["main_frame"], tabIds: [3], excludedRequestDomains: ["example.com", "shop.test"] },
    });
    // A domain Chrome's conditions cannot take leaves the write to the guard, rather than block a host it may visit.
    for (const odd of ["[::1]", "my_host.test"]) expect(governanceRule(8000, 3, ["a.test", odd])).toBe(null);
    expect(governanceRule(8000, 3, [])).toBe(null);
  });
});
