import { z } from "zod";

/**
 * The model providers' settings. The bridge reads each from its environment first, then
 * from the provider settings file in the config dir, at every tasks.start, so they can be
 * set (with `weboperator config set` or the side panel) without restarting the browser.
 */
export const ProviderSettingNameSchema = z.enum([
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_MODEL",
]);
export type ProviderSettingName = z.infer<typeof ProviderSettingNameSchema>;

/** Settings whose values never leave the bridge or the file: surfaces say only whether they are set. */
export const SECRET_PROVIDER_SETTINGS: ReadonlySet<ProviderSettingName> = new Set(["ANTHROPIC_API_KEY", "OPENAI_API_KEY"]);

const URL_SETTINGS: ReadonlySet<ProviderSettingName> = new Set(["ANTHROPIC_BASE_URL", "OPENAI_BASE_URL"]);

/** One setting's value as it may be stored: one line, no control characters; base URLs are http(s). */
export function providerSettingProblem(name: ProviderSettingName, value: string): string | null {
  if (value.length === 0) return `${name} is empty; to remove it, unset it instead`;
  if (value.length > 4_096) return `${name} is longer than 4096 characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${name} contains a line break or another control character`;
  if (URL_SETTINGS.has(name) && !/^https?:\/\/[^/\s]+/.test(value))
    return `${name} must be an http(s) URL such as http://127.0.0.1:11434/v1`;
  return null;
}

/** Where a setting the bridge uses comes from: its environment wins over the file. */
export const ProviderSettingSourceSchema = z.enum(["env", "file"]);

export const ProviderSettingStatusSchema = z.object({
  name: ProviderSettingNameSchema,
  /** null: set nowhere. */
  source: ProviderSettingSourceSchema.nullable(),
  secret: z.boolean(),
  /** The value, only for a setting that is not secret and is set. */
  value: z.string().nullable(),
});
export type ProviderSettingStatus = z.infer<typeof ProviderSettingStatusSchema>;

export const ProviderReadinessSchema = z.object({
  provider: z.enum(["claude", "browser-use"]),
  configured: z.boolean(),
  /** What tasks.start would say; for a configured provider, what it uses. */
  detail: z.string(),
});

/** What tasks.providers and the side panel show: names, sources and readiness, never a secret. */
export const ProviderSettingsReportSchema = z.object({
  /** The provider settings file (mode 0600) the bridge reads. */
  file: z.string(),
  settings: z.array(ProviderSettingStatusSchema),
  providers: z.array(ProviderReadinessSchema),
});
export type ProviderSettingsReport = z.infer<typeof ProviderSettingsReportSchema>;

export const ProvidersPayloadSchema = z.strictObject({});
