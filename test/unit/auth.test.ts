import { describe, expect, it } from "vitest";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { authorize, authPolicyFromEnv, authRequired } from "../../bridge/auth.js";
import { ensureTokenFile, resolveToken, tokensMatch } from "../../bridge/config/token.js";
import { codeOf } from "../helpers/thrownCode.js";

describe("token comparison", () => {
  it("matches only the exact token", () => {
    expect(tokensMatch("secret", "secret")).toBe(true);
    expect(tokensMatch("secret", "secreT")).toBe(false);
    expect(tokensMatch("secret", "secret ")).toBe(false);
    expect(tokensMatch("secret", "")).toBe(false);
    expect(tokensMatch("secret", undefined)).toBe(false);
  });
});

describe("auth policy", () => {
  const file = "/nonexistent/token";

  it("refuses a missing or wrong token with a message that says how to supply it", () => {
    const policy = authPolicyFromEnv("tok", file, {});
    expect(codeOf(() => authorize(policy, "tok"))).toBeNull();
    expect(codeOf(() => authorize(policy, undefined))).toBe("unauthorized");
    expect(codeOf(() => authorize(policy, "wrong"))).toBe("unauthorized");
    expect(() => authorize(policy, undefined)).toThrow('"token" field');
    expect(() => authorize(policy, undefined)).toThrow(file);
  });

  it("refuses everything when no token is configured", () => {
    const policy = authPolicyFromEnv(null, file, {});
    expect(authRequired(policy)).toBe(true);
    expect(codeOf(() => authorize(policy, undefined))).toBe("unauthorized");
    expect(codeOf(() => authorize(policy, "anything"))).toBe("unauthorized");
  });

  it("lets everything through only with the explicit development switch", () => {
    const policy = authPolicyFromEnv(null, file, { WEBOPERATOR_ALLOW_UNAUTHENTICATED_BRIDGE: "1" });
    expect(authRequired(policy)).toBe(false);
    expect(codeOf(() => authorize(policy, undefined))).toBeNull();
    // The switch never weakens a configured token.
    const withToken = authPolicyFromEnv("tok", file, { WEBOPERATOR_ALLOW_UNAUTHENTICATED_BRIDGE: "1" });
    expect(codeOf(() => authorize(withToken, undefined))).toBe("unauthorized");
  });
});

describe("token file", () => {
  it("is created with mode 0600 in a 0700 directory and reused after", () => {
    const dir = mkdtempSync(join(tmpdir(), "wo-token-"));
    const file = join(dir, "nested", "token");
    const first = ensureTokenFile(file);
    expect(first.created).toBe(true);
    expect(first.token.length).toBeGreaterThanOrEqual(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "nested")).mode & 0o777).toBe(0o700);
    expect(ensureTokenFile(file)).toEqual({ token: first.token, created: false });
  });

  it("prefers WEBOPERATOR_API_TOKEN over the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "wo-token-"));
    writeFileSync(join(dir, "token"), "from-file\n");
    expect(resolveToken({ WEBOPERATOR_CONFIG_DIR: dir })).toMatchObject({ token: "from-file", source: "file" });
    expect(resolveToken({ WEBOPERATOR_CONFIG_DIR: dir, WEBOPERATOR_API_TOKEN: "from-env" })).toMatchObject({
      token: "from-env",
      source: "env",
    });
    expect(resolveToken({ WEBOPERATOR_CONFIG_DIR: join(dir, "none") })).toMatchObject({ token: null, source: "none" });
  });
});
