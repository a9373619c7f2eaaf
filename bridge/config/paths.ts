import { homedir } from "node:os";
import { join } from "node:path";
import { DEFAULT_SOCKET_PATH } from "../../protocol/constants.js";

/**
 * Where WebOperator keeps its files. Every path can be moved by environment so tests
 * and multiple profiles never touch the user's real home.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WEBOPERATOR_CONFIG_DIR) return env.WEBOPERATOR_CONFIG_DIR;
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0 ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(xdg, "weboperator");
}

export function tokenFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WEBOPERATOR_TOKEN_FILE ?? join(configDir(env), "token");
}

export function socketPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WEBOPERATOR_AGENT_SOCKET && env.WEBOPERATOR_AGENT_SOCKET.length > 0 ? env.WEBOPERATOR_AGENT_SOCKET : DEFAULT_SOCKET_PATH;
}

/** The model providers' settings (API keys, base URLs, model), mode 0600; the bridge's environment wins over it. */
export function providerSettingsFile(dir: string): string {
  return join(dir, "providers.json");
}
