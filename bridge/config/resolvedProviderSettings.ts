import {
  ProviderSettingNameSchema,
  SECRET_PROVIDER_SETTINGS,
  providerSettingProblem,
  type ProviderSettingName,
  type ProviderSettingStatus,
  type ProviderSettingsReport,
} from "../../protocol/index.js";
import { readProviderSettings } from "./providerSettingsFile.js";

export interface ResolvedProviderSetting {
  value: string;
  source: "env" | "file";
}

export type ResolvedProviderSettings = Partial<Record<ProviderSettingName, ResolvedProviderSetting>>;

/**
 * The one place provider settings are chosen. The environment wins, as it always did, so a
 * browser started from a shell with ANTHROPIC_API_KEY behaves as before; the file fills in
 * what it lacks. An empty variable counts as unset, as the providers always treated it.
 */
export function resolveProviderSettings(env: NodeJS.ProcessEnv, file: string): ResolvedProviderSettings {
  const stored = readProviderSettings(file);
  const resolved: ResolvedProviderSettings = {};
  for (const name of ProviderSettingNameSchema.options) {
    const fromEnv = env[name];
    const fromFile = stored[name];
    if (fromEnv !== undefined && fromEnv.length > 0) resolved[name] = { value: fromEnv, source: "env" };
    else if (fromFile !== undefined) resolved[name] = { value: fromFile, source: "file" };
  }
  return resolved;
}

/** The environment a provider is built from: the bridge's own, with the file's settings where it has none. */
export function providerEnv(env: NodeJS.ProcessEnv, file: string): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, setting] of Object.entries(resolveProviderSettings(env, file))) merged[name] = setting.value;
  return merged;
}

const SOURCE_WORDS = { env: "the bridge's environment", file: "the settings file" } as const;

function describe(name: ProviderSettingName, setting: ResolvedProviderSetting | undefined): string {
  if (setting === undefined) return `${name} unset`;
  const value = SECRET_PROVIDER_SETTINGS.has(name) ? "" : ` = ${setting.value}`;
  return `${name}${value} from ${SOURCE_WORDS[setting.source]}`;
}

/** What tasks.providers, the side panel and `doctor` show: sources and readiness, never a secret value. */
export function providerReport(env: NodeJS.ProcessEnv, file: string): ProviderSettingsReport {
  const resolved = resolveProviderSettings(env, file);
  const settings: ProviderSettingStatus[] = ProviderSettingNameSchema.options.map((name) => {
    const setting = resolved[name];
    const secret = SECRET_PROVIDER_SETTINGS.has(name);
    return { name, source: setting?.source ?? null, secret, value: setting === undefined || secret ? null : setting.value };
  });
  const claudeKey = resolved.ANTHROPIC_API_KEY;
  const openaiBase = resolved.OPENAI_BASE_URL;
  // The environment's value is not checked when written, so a bad one is caught here as tasks.start would.
  const openaiProblem = openaiBase === undefined ? null : providerSettingProblem("OPENAI_BASE_URL", openaiBase.value);
  return {
    file,
    settings,
    providers: [
      claudeKey === undefined
        ? {
            provider: "claude",
            configured: false,
            detail:
              "needs ANTHROPIC_API_KEY: weboperator config set ANTHROPIC_API_KEY - (reads it from stdin), or the side panel's Settings",
          }
        : {
            provider: "claude",
            configured: true,
            detail: [
              describe("ANTHROPIC_API_KEY", claudeKey),
              ...(resolved.ANTHROPIC_BASE_URL ? [describe("ANTHROPIC_BASE_URL", resolved.ANTHROPIC_BASE_URL)] : []),
            ].join(", "),
          },
      openaiBase === undefined || openaiProblem !== null
        ? {
            provider: "browser-use",
            configured: false,
            detail:
              openaiProblem ??
              "needs OPENAI_BASE_URL (an OpenAI-compatible API root): weboperator config set OPENAI_BASE_URL http://127.0.0.1:11434/v1, or the side panel's Settings",
          }
        : {
            provider: "browser-use",
            configured: true,
            detail: (["OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL"] as const)
              .map((name) => describe(name, resolved[name]))
              .join(", "),
          },
    ],
  };
}
