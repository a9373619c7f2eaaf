import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EXTENSION_ORIGIN } from "../../protocol/constants.js";
import { configDir } from "../config/paths.js";

/** The Chrome Web Store's ID of the extension, when the person installed it from there (docs/browsers.md). */
export const STORE_EXTENSION_ID_ENV = "WEBOPERATOR_STORE_EXTENSION_ID";

/** `{"storeExtensionId": "…"}` in the config dir: the same setting, for a shell that does not export the variable. */
export const installSettingsFile = (env: NodeJS.ProcessEnv): string => join(configDir(env), "install.json");

/** Chrome's extension IDs: 32 letters a to p (the hex digits of a key's SHA-256, shifted). */
const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

export class StoreExtensionIdError extends Error {
  readonly code = "invalid_extension_id";
}

function fromSettingsFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StoreExtensionIdError(`${file} is not JSON; it takes {"storeExtensionId": "<32 letters a-p>"}`);
  }
  if (typeof parsed !== "object" || parsed === null || !("storeExtensionId" in parsed)) return null;
  const id = parsed.storeExtensionId;
  if (typeof id !== "string") throw new StoreExtensionIdError(`${file}: storeExtensionId must be a string of 32 letters a-p`);
  return id;
}

/** The store ID from the environment, else from install.json; null when neither names one. */
export function storeExtensionId(env: NodeJS.ProcessEnv): string | null {
  const fromEnv = env[STORE_EXTENSION_ID_ENV];
  const id = fromEnv !== undefined && fromEnv.length > 0 ? fromEnv : fromSettingsFile(installSettingsFile(env));
  if (id === null) return null;
  if (!EXTENSION_ID_PATTERN.test(id)) {
    throw new StoreExtensionIdError(`store extension ID "${id}" is not an extension ID (32 letters a-p, as chrome://extensions shows it)`);
  }
  return id;
}

/**
 * Who may start the host: the unpacked extension, whose ID the manifest's `key` pins, and the
 * store's copy when one is configured. The store signs its copy with its own key, so it has
 * another ID.
 */
export function allowedOrigins(env: NodeJS.ProcessEnv): string[] {
  const store = storeExtensionId(env);
  const storeOrigin = store === null ? null : `chrome-extension://${store}/`;
  return storeOrigin === null || storeOrigin === EXTENSION_ORIGIN ? [EXTENSION_ORIGIN] : [EXTENSION_ORIGIN, storeOrigin];
}
