import { join, resolve } from "node:path";
import { configDir, socketPath } from "../../bridge/config/paths.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import { knownHostDirs } from "../../bridge/install/hostTargets.js";
import { installedLauncherEnv } from "../doctor/launcherEnv.js";
import { EXIT_OK, type CliIo } from "./io.js";
import { MCP_CONFIG_PLACES, mcpConfigText, type McpLaunch } from "./mcpConfigText.js";
import type { ParsedCommand } from "./parsedCommand.js";
import { readGovernanceFile } from "./governanceFile.js";

/**
 * The socket and config dir the bridge Chrome starts will use, found as `doctor` finds them:
 * flags, then this shell's variables, then what `weboperator install` baked into the
 * launcher, then the defaults. The token stays in its file: the config names the file's dir.
 */
function launchOf(command: Extract<ParsedCommand, { kind: "mcp-config" }>, env: NodeJS.ProcessEnv): McpLaunch {
  const baked = installedLauncherEnv(knownHostDirs(env));
  const socket = command.socket ?? (env.WEBOPERATOR_AGENT_SOCKET || baked.WEBOPERATOR_AGENT_SOCKET || socketPath({}));
  const dir = command.configDir ? resolve(command.configDir) : env.WEBOPERATOR_CONFIG_DIR || baked.WEBOPERATOR_CONFIG_DIR || configDir(env);
  const launchEnv: Record<string, string> = { WEBOPERATOR_AGENT_SOCKET: socket, WEBOPERATOR_CONFIG_DIR: dir };
  if (env.WEBOPERATOR_TOKEN_FILE) launchEnv.WEBOPERATOR_TOKEN_FILE = resolve(env.WEBOPERATOR_TOKEN_FILE);
  const caps = command.caps.length > 0 ? ["--caps", command.caps.join(",")] : [];
  // Checked now, so a config is never pasted with a file the server would refuse; named by its absolute path.
  if (command.governance !== undefined) readGovernanceFile(command.governance);
  const governance = command.governance === undefined ? [] : ["--governance", resolve(command.governance)];
  const structured = command.structured ? ["--structured"] : [];
  return {
    command: process.execPath,
    args: [join(projectRoot(), "bin", "weboperator.js"), "mcp", ...caps, ...structured, ...governance],
    env: launchEnv,
  };
}

/** `weboperator mcp config`: the paste-ready text on stdout, where to paste it on stderr. */
export function runMcpConfig(command: Extract<ParsedCommand, { kind: "mcp-config" }>, io: CliIo): number {
  io.out(mcpConfigText(command.client, launchOf(command, io.env)));
  io.err(`Paste this into ${MCP_CONFIG_PLACES[command.client]}; \`weboperator doctor\` checks the browser side.\n`);
  // The config names the token file's folder, never the token: a key pasted into a config file leaks with it.
  if (io.env.WEBOPERATOR_API_TOKEN)
    io.err(
      "WEBOPERATOR_API_TOKEN is set in this shell but not copied: if the bridge uses it rather than the token file, add it to the env block yourself.\n",
    );
  return EXIT_OK;
}
