import { installHost } from "../../bridge/install/hostRegistration.js";
import { EXIT_FAILED, EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";

export function runInstall(command: Extract<ParsedCommand, { kind: "install" }>, io: CliIo): number {
  let report;
  try {
    report = installHost({
      userDataDir: command.userDataDir,
      socket: command.socket,
      configDir: command.configDir,
      env: io.env,
    });
  } catch (error) {
    io.err(`install failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  io.out(`launcher:   ${report.launcher}\n`);
  for (const manifest of report.manifests) io.out(`manifest:   ${manifest}\n`);
  io.out(`token file: ${report.tokenFile} (${report.tokenCreated ? "created" : "already existed, kept"})\n`);
  if (command.socket) io.out(`socket:     ${command.socket} (baked into the launcher)\n`);
  io.out("Restart Chrome (or reload the WebOperator extension) so it picks up the host.\n");
  return EXIT_OK;
}
