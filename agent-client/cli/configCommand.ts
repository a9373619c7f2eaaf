import { resolve } from "node:path";
import { ProviderSettingNameSchema, SECRET_PROVIDER_SETTINGS, WebOperatorError, type ProviderSettingName } from "../../protocol/index.js";
import { configDir, providerSettingsFile } from "../../bridge/config/paths.js";
import { readProviderSettings, writeProviderSetting } from "../../bridge/config/providerSettingsFile.js";
import { knownHostDirs } from "../../bridge/install/hostTargets.js";
import { installedLauncherEnv } from "../doctor/launcherEnv.js";
import { assertFlagsAllowed, splitArgv, stringFlag } from "./argv.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from "./io.js";
import { UsageError } from "./usageError.js";
import { CONFIG_USAGE } from "./usageText.js";

/**
 * The config dir the bridge Chrome starts reads: --config-dir, then this shell's
 * WEBOPERATOR_CONFIG_DIR, then what `weboperator install --config-dir` baked into the
 * launcher, as `doctor` finds it.
 */
function settingsFile(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag !== undefined) return providerSettingsFile(resolve(flag));
  if (env.WEBOPERATOR_CONFIG_DIR) return providerSettingsFile(configDir(env));
  const baked = installedLauncherEnv(knownHostDirs(env)).WEBOPERATOR_CONFIG_DIR;
  return providerSettingsFile(baked ? baked : configDir(env));
}

function settingName(text: string | undefined): ProviderSettingName {
  const parsed = ProviderSettingNameSchema.safeParse(text);
  // A key pasted where the name belongs must not be echoed back.
  const named =
    text === undefined
      ? "a setting NAME is missing"
      : /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(text)
        ? `unknown setting "${text}"`
        : "unknown setting (not shown)";
  if (!parsed.success) throw new UsageError(`${named}; NAME is one of ${ProviderSettingNameSchema.options.join(", ")}`);
  return parsed.data;
}

/** stdin's text without the one line break a terminal or `echo` adds. */
async function valueFromStdin(io: CliIo): Promise<string> {
  if (io.readStdin === undefined) throw new UsageError("this CLI has no stdin to read VALUE from; give VALUE as an argument");
  return (await io.readStdin()).replace(/\r?\n$/, "");
}

/** A note when this shell's own variable would hide the file's value in a browser started from it. */
function shadowNote(name: ProviderSettingName, env: NodeJS.ProcessEnv): string {
  const own = env[name];
  return own !== undefined && own.length > 0
    ? `note: ${name} is also set in this shell's environment; a browser started from this shell uses that one instead.\n`
    : "";
}

/** `weboperator config set|get|unset|list`: the provider settings file, written 0600 and atomically. */
export async function runConfigCommand(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { positionals, flags } = splitArgv(argv, { "config-dir": "value", help: "switch" }, "config");
    assertFlagsAllowed(flags, ["config-dir", "help"], "config");
    const [action, nameText, valueText, ...extra] = positionals;
    if (flags.help === true || action === undefined || action === "help") {
      io.out(CONFIG_USAGE);
      return EXIT_OK;
    }
    const file = settingsFile(stringFlag(flags, "config-dir"), io.env);
    const arity = { set: 2, get: 1, unset: 1, list: 0 }[action];
    if (arity === undefined)
      throw new UsageError(`unknown config action${/^[a-z-]{1,20}$/.test(action) ? ` "${action}"` : ""}; use set, get, unset or list`);
    const given = [nameText, valueText, ...extra].filter((word) => word !== undefined).length;
    if (given !== arity)
      throw new UsageError(
        `config ${action} takes ${arity === 0 ? "no arguments" : arity === 1 ? "NAME" : "NAME VALUE (or - to read VALUE from stdin)"}`,
      );
    switch (action) {
      case "set": {
        const name = settingName(nameText);
        const value = valueText === "-" ? await valueFromStdin(io) : (valueText ?? "");
        writeProviderSetting(file, name, value);
        const shown = SECRET_PROVIDER_SETTINGS.has(name) ? "" : ` = ${value}`;
        io.out(
          `${name}${shown} set in ${file} (mode 0600); the next tasks.start uses it, no browser restart needed.\n${shadowNote(name, io.env)}`,
        );
        return EXIT_OK;
      }
      case "unset": {
        const name = settingName(nameText);
        writeProviderSetting(file, name, null);
        io.out(`${name} removed from ${file}.\n${shadowNote(name, io.env)}`);
        return EXIT_OK;
      }
      case "get": {
        const name = settingName(nameText);
        const value = readProviderSettings(file)[name];
        if (value === undefined) {
          io.err(`${name} is not set in ${file}.\n`);
          return EXIT_FAILED;
        }
        io.out(SECRET_PROVIDER_SETTINGS.has(name) ? `${name} is set in ${file} (secret: not shown).\n` : `${value}\n`);
        return EXIT_OK;
      }
      default: {
        const stored = readProviderSettings(file);
        io.out(`${file} (the bridge's environment wins over it; \`weboperator doctor\` shows what the running bridge uses):\n`);
        for (const name of ProviderSettingNameSchema.options) {
          const value = stored[name];
          const shown = value === undefined ? "not set" : SECRET_PROVIDER_SETTINGS.has(name) ? "set (secret: not shown)" : value;
          io.out(`  ${name.padEnd(20)} ${shown}\n`);
        }
        return EXIT_OK;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`weboperator: ${error.message}\n${CONFIG_USAGE}`);
      return EXIT_USAGE;
    }
    if (error instanceof WebOperatorError) {
      io.err(`error [${error.code}]: ${error.message}\n`);
      return EXIT_FAILED;
    }
    throw error;
  }
}
