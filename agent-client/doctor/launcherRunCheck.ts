import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { EXTENSION_ORIGIN } from "../../protocol/constants.js";
import { LAUNCHER_PROBE_ARG } from "../../bridge/launcherProbe.js";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";

const NAME = "launcher runs";
const PROBE_TIMEOUT_MS = 15_000;

/** The PATH the launcher ends up with: its own `export PATH=` if it sets one, else the one it inherits. */
function launcherPath(launcher: string, env: NodeJS.ProcessEnv): string {
  const exported = /^export PATH='((?:[^']|'\\'')*)'$/m.exec(readFileSync(launcher, "utf8"));
  return exported?.[1] ?? env.PATH ?? "";
}

/**
 * Runs the launcher the way Chrome does (origin as first argument, the caller's
 * environment), with the probe argument so the bridge answers and exits at once. This
 * catches what reading the files cannot: a `node` the launcher's PATH does not reach, a
 * broken shebang, a bridge build that no longer loads.
 */
export function checkLauncherRuns(launcher: string | null, env: NodeJS.ProcessEnv, installFix: string): DoctorCheck | null {
  if (launcher === null || !existsSync(launcher)) return null;
  const run = spawnSync(launcher, [EXTENSION_ORIGIN, LAUNCHER_PROBE_ARG], { env, encoding: "utf8", timeout: PROBE_TIMEOUT_MS });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code ?? run.error.message;
    return failed(NAME, `${launcher} could not be started (${code})`, code === "EACCES" ? `chmod 755 ${shellArg(launcher)}` : installFix);
  }
  const stderr = run.stderr.trim();
  if (run.status === 127 || /node: (not found|No such file)/.test(stderr)) {
    return failed(
      NAME,
      `${launcher} cannot find node (PATH=${launcherPath(launcher, env)}): ${stderr.split("\n")[0] ?? ""}`,
      `${installFix} (run it with the node you want; it writes that node's absolute path into the launcher)`,
    );
  }
  const answer = run.stdout.trim().split("\n").at(-1) ?? "";
  if (run.status !== 0 || !answer.includes('"probe":"weboperator-bridge"')) {
    const why = stderr.split("\n").find((line) => line.trim().length > 0) ?? `exit status ${run.status}`;
    return failed(NAME, `${launcher} did not start the bridge: ${why}`, `npm run build && ${installFix}`);
  }
  return passed(NAME, `${launcher} starts the bridge (${answer})`);
}
