import type { DoctorCheck } from "../doctor/doctorCheck.js";
import { runDoctor } from "../doctor/runDoctor.js";
import { EXIT_FAILED, EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";

export function formatCheck(check: DoctorCheck): string {
  const line = `${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}\n`;
  return check.fix === null ? line : `${line}    fix: ${check.fix}\n`;
}

export async function runDoctorCommand(command: Extract<ParsedCommand, { kind: "doctor" }>, io: CliIo): Promise<number> {
  const checks = await runDoctor({
    userDataDir: command.userDataDir,
    configDir: command.configDir,
    socket: command.connection.socket,
    token: command.connection.token,
    env: io.env,
  });
  for (const check of checks) io.out(formatCheck(check));
  return checks.every((check) => check.ok) ? EXIT_OK : EXIT_FAILED;
}
