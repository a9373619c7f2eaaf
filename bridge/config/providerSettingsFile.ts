import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { ProviderSettingNameSchema, WebOperatorError, providerSettingProblem, type ProviderSettingName } from "../../protocol/index.js";

export type StoredProviderSettings = Partial<Record<ProviderSettingName, string>>;

const FileSchema = z.record(z.string(), z.unknown());

function unreadable(file: string, why: string, fix: string): WebOperatorError {
  return new WebOperatorError("provider_not_configured", `The provider settings file ${file} ${why}. ${fix}`);
}

const REMOVE = "Remove it (or repair its JSON) and set the values again with `weboperator config set NAME VALUE`.";

/** The file as a JSON object, names unchecked; a missing file is an empty one. */
function rawSettings(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    throw unreadable(file, `cannot be read (${code ?? String(error)})`, "Check that it is yours: chmod 600 it.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unreadable(file, "is not JSON", REMOVE);
  }
  const record = FileSchema.safeParse(parsed);
  if (!record.success) throw unreadable(file, "is not a JSON object of NAME: value", REMOVE);
  return record.data;
}

/** The settings in the file; a missing file is no settings, a damaged one is an error that names it. */
export function readProviderSettings(file: string): StoredProviderSettings {
  const settings: StoredProviderSettings = {};
  for (const [key, value] of Object.entries(rawSettings(file))) {
    const name = ProviderSettingNameSchema.safeParse(key);
    // Names this version does not know are kept on write and ignored here.
    if (!name.success) continue;
    const problem = typeof value === "string" ? providerSettingProblem(name.data, value) : `${name.data} is not a string`;
    if (problem !== null)
      throw unreadable(
        file,
        `has a bad value: ${problem}`,
        `Fix it with \`weboperator config set ${name.data} VALUE\` or \`weboperator config unset ${name.data}\`.`,
      );
    settings[name.data] = value as string;
  }
  return settings;
}

/**
 * Sets (or, with null, removes) one setting. The file is written whole to a private
 * temporary file beside it and renamed over it, so a reader never sees half a file and the
 * secret is never in a file anyone else may read, even for a moment.
 */
export function writeProviderSetting(file: string, name: ProviderSettingName, value: string | null): void {
  if (value !== null) {
    const problem = providerSettingProblem(name, value);
    if (problem !== null) throw new WebOperatorError("bad_request", `${problem}.`);
  }
  // Raw, so names another version wrote survive, and a bad value can be overwritten.
  const raw = rawSettings(file);
  if (value === null) delete raw[name];
  else raw[name] = value;
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new WebOperatorError(
      "internal_error",
      `Could not write ${file}: ${error instanceof Error ? error.message : String(error)}. Check that ${dir} is yours and writable.`,
    );
  }
}

/** The file's permission bits, or null when it does not exist. */
export function providerSettingsFileMode(file: string): number | null {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return null;
  }
}
