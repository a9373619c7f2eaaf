import { appendFileSync } from "node:fs";

/** Set by `weboperator launch` in Chrome's environment, which every host process inherits. */
export const BRIDGE_PID_FILE_ENV = "WEBOPERATOR_BRIDGE_PID_FILE";

/**
 * Appends this process's pid to the file `launch` named. The bridge outlives the launcher
 * process Chrome started, and Chrome starts a fresh bridge after one dies, so the pid a
 * launch saw at start-up is not enough to stop every bridge it caused.
 */
export function recordBridgePid(env: NodeJS.ProcessEnv): void {
  const file = env[BRIDGE_PID_FILE_ENV];
  if (!file) return;
  try {
    appendFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  } catch {
    // The launch that asked for it is gone with its profile; nothing is waiting for this pid.
  }
}
