import { installHost } from "../../bridge/install/hostRegistration.js";
import { uninstallHost } from "../../bridge/install/hostRemoval.js";
import { EXIT_FAILED, EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";

function failure(verb: string, error: unknown, io: CliIo): number {
  io.err(`${verb} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILED;
}

const forWhom = (browser: string | null): string => (browser === null ? "this profile" : browser);

export function runInstall(command: Extract<ParsedCommand, { kind: "install" }>, io: CliIo): number {
  let report;
  try {
    report = installHost({
      userDataDir: command.userDataDir,
      browser: command.browser,
      socket: command.socket,
      configDir: command.configDir,
      env: io.env,
    });
  } catch (error) {
    return failure("install", error, io);
  }
  io.out(`launcher:   ${report.launcher}\n`);
  for (const manifest of report.manifests) io.out(`manifest:   ${manifest.file} (${forWhom(manifest.browser)})\n`);
  io.out(`token file: ${report.tokenFile} (${report.tokenCreated ? "created" : "already existed, kept"})\n`);
  if (command.socket) io.out(`socket:     ${command.socket} (baked into the launcher)\n`);
  io.out("Restart the browser (or reload the WebOperator extension) so it picks up the host.\n");
  return EXIT_OK;
}

export function runUninstall(command: Extract<ParsedCommand, { kind: "uninstall" }>, io: CliIo): number {
  let report;
  try {
    const env = command.configDir ? { ...io.env, WEBOPERATOR_CONFIG_DIR: command.configDir } : io.env;
    report = uninstallHost({ userDataDir: command.userDataDir, env });
  } catch (error) {
    return failure("uninstall", error, io);
  }
  if (report.manifests.length === 0) io.out("no WebOperator host manifest found; nothing to remove\n");
  for (const manifest of report.manifests) io.out(`removed manifest: ${manifest.file} (${forWhom(manifest.browser)})\n`);
  for (const launcher of report.launchers) io.out(`removed launcher: ${launcher}\n`);
  io.out(`kept token file:  ${report.tokenFile} (MCP hosts may still read it; delete it by hand if nothing does)\n`);
  return EXIT_OK;
}
