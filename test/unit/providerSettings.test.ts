import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { providerEnv, providerReport, resolveProviderSettings } from "../../bridge/config/resolvedProviderSettings.js";
import { readProviderSettings, writeProviderSetting } from "../../bridge/config/providerSettingsFile.js";
import { WebOperatorError } from "../../protocol/index.js";

describe("the provider settings file and its resolver", () => {
  let root: string;
  let file: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "wo-providers-"));
    file = join(root, "config", "providers.json");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("creates the file 0600 in a 0700 dir, leaves no temporary file, and keeps names it does not know", () => {
    writeProviderSetting(file, "ANTHROPIC_API_KEY", "sk-1");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "config")).mode & 0o777).toBe(0o700);
    writeFileSync(file, JSON.stringify({ ANTHROPIC_API_KEY: "sk-1", FUTURE_SETTING: "kept" }));
    writeProviderSetting(file, "OPENAI_MODEL", "qwen3");
    writeProviderSetting(file, "ANTHROPIC_API_KEY", null);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ FUTURE_SETTING: "kept", OPENAI_MODEL: "qwen3" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, "config"))).toEqual(["providers.json"]);
  });

  it("refuses values that would not work, without repeating them", () => {
    const refusal = (name: "OPENAI_BASE_URL" | "ANTHROPIC_API_KEY", value: string): WebOperatorError => {
      try {
        writeProviderSetting(file, name, value);
      } catch (error) {
        if (error instanceof WebOperatorError) return error;
      }
      throw new Error("not refused");
    };
    expect(refusal("OPENAI_BASE_URL", "localhost:11434")).toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/must be an http\(s\) URL/),
    });
    const multiline = refusal("ANTHROPIC_API_KEY", "sk-secret\nmore");
    expect(multiline.message).toMatch(/line break/);
    expect(multiline.message).not.toContain("sk-secret");
    expect(refusal("ANTHROPIC_API_KEY", "").message).toMatch(/unset it instead/);
  });

  it("lets a non-empty environment variable win, and fills the rest from the file", () => {
    writeProviderSetting(file, "ANTHROPIC_API_KEY", "from-file");
    writeProviderSetting(file, "ANTHROPIC_BASE_URL", "http://127.0.0.1:1/");
    const env = { ANTHROPIC_API_KEY: "from-env", ANTHROPIC_BASE_URL: "", PATH: "/bin" };
    expect(resolveProviderSettings(env, file)).toEqual({
      ANTHROPIC_API_KEY: { value: "from-env", source: "env" },
      ANTHROPIC_BASE_URL: { value: "http://127.0.0.1:1/", source: "file" },
    });
    expect(providerEnv(env, file)).toEqual({ ANTHROPIC_API_KEY: "from-env", ANTHROPIC_BASE_URL: "http://127.0.0.1:1/", PATH: "/bin" });
  });

  it("reports sources and readiness without a secret value", () => {
    writeProviderSetting(file, "OPENAI_API_KEY", "sk-openai-secret");
    writeProviderSetting(file, "OPENAI_BASE_URL", "http://127.0.0.1:11434/v1");
    const report = providerReport({}, file);
    expect(JSON.stringify(report)).not.toContain("sk-openai-secret");
    expect(report.settings.find((setting) => setting.name === "OPENAI_API_KEY")).toEqual({
      name: "OPENAI_API_KEY",
      source: "file",
      secret: true,
      value: null,
    });
    expect(report.providers).toEqual([
      { provider: "claude", configured: false, detail: expect.stringContaining("needs ANTHROPIC_API_KEY") },
      {
        provider: "browser-use",
        configured: true,
        detail:
          "OPENAI_BASE_URL = http://127.0.0.1:11434/v1 from the settings file, OPENAI_API_KEY from the settings file, OPENAI_MODEL unset",
      },
    ]);
  });

  it("names a damaged file and how to fix it; a missing one is no settings", () => {
    expect(readProviderSettings(file)).toEqual({});
    writeProviderSetting(file, "OPENAI_MODEL", "m");
    writeFileSync(file, "{ not json");
    expect(() => readProviderSettings(file)).toThrow(/providers\.json is not JSON\. Remove it/);
    expect(() => writeProviderSetting(file, "OPENAI_MODEL", "m")).toThrow(/is not JSON/);
    writeFileSync(file, JSON.stringify({ OPENAI_BASE_URL: "ftp://x" }));
    expect(() => resolveProviderSettings({}, file)).toThrow(
      /has a bad value: OPENAI_BASE_URL must be an http\(s\) URL.*weboperator config set OPENAI_BASE_URL VALUE/,
    );
    // The fix it names works.
    writeProviderSetting(file, "OPENAI_BASE_URL", "http://127.0.0.1:8080/v1");
    expect(readProviderSettings(file)).toEqual({ OPENAI_BASE_URL: "http://127.0.0.1:8080/v1" });
  });
});
