import { homedir, userInfo } from "node:os";
import { isAbsolute, join } from "node:path";
import { DEFAULT_SOCKET_PATH } from "../../protocol/constants.js";

/**
 * An environment variable naming a folder, or undefined when it is unset, empty or relative:
 * the XDG spec says to treat an empty value as unset and to ignore a relative one, and a
 * relative folder would put files wherever the command happened to run.
 */
export function absoluteDirVariable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value !== undefined && value.length > 0 && isAbsolute(value) ? value : undefined;
}

/** HOME when it is an absolute path; otherwise the account's home from the password database, never "". */
export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = absoluteDirVariable(env, "HOME");
  if (fromEnv !== undefined) return fromEnv;
  // os.homedir() answers HOME as is, even "", so ask the account database directly.
  const account = userInfo().homedir;
  return isAbsolute(account) ? account : homedir();
}

/** $XDG_CONFIG_HOME, or ~/.config when it is unset, empty or relative. */
export function xdgConfigHome(env: NodeJS.ProcessEnv = process.env): string {
  return absoluteDirVariable(env, "XDG_CONFIG_HOME") ?? join(homeDir(env), ".config");
}

/**
 * Where WebOperator keeps its files. Every path can be moved by environment so tests
 * and multiple profiles never touch the user's real home.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WEBOPERATOR_CONFIG_DIR) return env.WEBOPERATOR_CONFIG_DIR;
  return join(xdgConfigHome(env), "weboperator");
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
