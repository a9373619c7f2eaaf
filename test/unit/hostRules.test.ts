import { describe, expect, it } from "vitest";
import { checkHost, isPrivateAddress, isPrivateHost } from "../../extension/background/gatekeeper/hostRules.js";
import { hostMatches, patternCovers } from "../../protocol/hostPatterns.js";
import { PolicySchema } from "../../protocol/tools/gatekeeperTools.js";
import defaultPolicy from "../../extension/policy/defaultPolicy.json" with { type: "json" };

/** Every special-purpose range a page could use to reach the user's own network, as the URL parser spells it. */
const SPECIAL: readonly [string, string][] = [
  ["0.0.0.0", "this network"],
  ["10.1.2.3", "private 10/8"],
  ["100.64.0.1", "carrier-grade NAT 100.64/10"],
  ["100.127.255.254", "carrier-grade NAT, top"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback /8"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["172.16.0.1", "private 172.16/12"],
  ["172.31.255.255", "private 172.16/12, top"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.1", "TEST-NET-1"],
  ["192.168.1.1", "private 192.168/16"],
  ["198.18.0.1", "benchmarking 198.18/15"],
  ["198.19.255.1", "benchmarking, top"],
  ["198.51.100.7", "TEST-NET-2"],
  ["203.0.113.9", "TEST-NET-3"],
  ["224.0.0.251", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["[::1]", "v6 loopback"],
  ["[::]", "v6 unspecified"],
  ["[fc00::1]", "unique local"],
  ["[fd12:3456::1]", "unique local fd"],
  ["[fe80::1]", "v6 link-local"],
  ["[ff02::1]", "v6 multicast"],
  ["[::ffff:7f00:1]", "v4-mapped loopback as the URL parser spells it"],
  ["[::ffff:a00:1]", "v4-mapped 10.0.0.1"],
  ["[64:ff9b::a00:1]", "NAT64 of 10.0.0.1"],
  ["[2002:a00:1::]", "6to4 of 10.0.0.1"],
  ["[2001::1]", "Teredo"],
  ["[2001:db8::1]", "v6 documentation"],
];

const PUBLIC: readonly string[] = [
  "8.8.8.8",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.1",
  "172.32.0.1",
  "198.20.0.1",
  "[2606:4700::1111]",
  "[::ffff:808:808]",
];

describe("private ranges", () => {
  it.each(SPECIAL)("%s (%s) is refused", (host) => {
    expect(isPrivateAddress(host)).toBe(true);
    expect(isPrivateAddress(new URL(`http://${host}/`).hostname)).toBe(true);
  });

  it.each(PUBLIC)("%s is public", (host) => {
    expect(isPrivateAddress(new URL(`http://${host}/`).hostname)).toBe(false);
  });

  it("normalises the spellings a URL parser accepts", () => {
    for (const spelling of ["http://127.1/", "http://0x7f.0.0.1/", "http://2130706433/", "http://[::ffff:127.0.0.1]/"]) {
      expect(isPrivateHost(new URL(spelling).hostname), spelling).toBe(true);
    }
    expect(isPrivateHost("localhost")).toBe(true);
    expect(isPrivateHost("db.localhost")).toBe(true);
    expect(isPrivateHost("example.com")).toBe(false);
    expect(isPrivateHost("10.example.com")).toBe(false);
  });
});

describe("host rules", () => {
  const policy = (patch: object) => PolicySchema.parse({ ...defaultPolicy, ...patch });

  it("matches exact hosts and wildcard subdomains", () => {
    expect(hostMatches("example.com", "example.com")).toBe(true);
    expect(hostMatches("example.com", "www.example.com")).toBe(false);
    expect(hostMatches("*.example.com", "example.com")).toBe(true);
    expect(hostMatches("*.example.com", "a.b.example.com")).toBe(true);
    expect(hostMatches("*.example.com", "badexample.com")).toBe(false);
    expect(hostMatches("EXAMPLE.com", "example.com")).toBe(true);
  });

  it("blocklist wins over allowlist; allowlist admits only its hosts; private block is optional", () => {
    const strict = policy({ allowedHosts: ["*.good.test"], blockedHosts: ["bad.good.test"], blockPrivateNetworks: true });
    expect(checkHost(strict, new URL("https://app.good.test/x")).allowed).toBe(true);
    expect(checkHost(strict, new URL("https://bad.good.test/")).allowed).toBe(false);
    expect(checkHost(strict, new URL("https://other.test/")).allowed).toBe(false);
    const open = policy({ blockPrivateNetworks: true });
    expect(checkHost(open, new URL("http://100.64.0.1/"))).toMatchObject({
      allowed: false,
      reason: expect.stringContaining("blockPrivateNetworks"),
    });
    expect(checkHost(policy({ blockPrivateNetworks: false }), new URL("http://127.0.0.1/")).allowed).toBe(true);
    expect(checkHost(open, new URL("https://example.com./")).allowed).toBe(true);
  });

  it("only tightening patterns cover narrower ones", () => {
    expect(patternCovers("*.a.com", "b.a.com")).toBe(true);
    expect(patternCovers("*.a.com", "*.b.a.com")).toBe(true);
    expect(patternCovers("a.com", "*.a.com")).toBe(false);
    expect(patternCovers("b.a.com", "a.com")).toBe(false);
  });
});
