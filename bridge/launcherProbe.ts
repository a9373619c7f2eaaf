import { BRIDGE_VERSION } from "./version.js";

/**
 * `weboperator doctor` runs the installed launcher with this argument, exactly as Chrome
 * would run it, to prove the whole start-up line works (shell, PATH, node, the built
 * bridge) without claiming the socket.
 */
export const LAUNCHER_PROBE_ARG = "--weboperator-probe";

export interface LauncherProbeAnswer {
  probe: "weboperator-bridge";
  version: string;
  node: string;
}

/** Answers the probe on stdout and exits, when asked; otherwise does nothing. */
export function answerLauncherProbe(argv: readonly string[]): void {
  if (!argv.includes(LAUNCHER_PROBE_ARG)) return;
  const answer: LauncherProbeAnswer = { probe: "weboperator-bridge", version: BRIDGE_VERSION, node: process.version };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  process.exit(0);
}
