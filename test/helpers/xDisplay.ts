import { spawn, type ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";

export interface XDisplay {
  /**
   * What a process needs to draw on it: DISPLAY, and XAUTHORITY when the server wants a
   * cookie (`xvfb-run` does). A process with a HOME of its own would otherwise look for
   * the cookie in that HOME's ~/.Xauthority and be refused.
   */
  env: { DISPLAY: string; XAUTHORITY?: string };
  /** Stops the X server this helper started; a display it was given is left alone. */
  close(): Promise<void>;
}

/**
 * The display headed Chromium draws on: the caller's DISPLAY (`xvfb-run`, a desktop), else
 * an Xvfb of our own. `-displayfd` lets Xvfb pick a free display number itself, so two
 * test runs on one machine never race for the same one.
 */
export async function useDisplay(env: NodeJS.ProcessEnv = process.env): Promise<XDisplay> {
  const given = env.DISPLAY;
  if (given !== undefined && given.length > 0) {
    const cookie = env.XAUTHORITY;
    return { env: { DISPLAY: given, ...(cookie ? { XAUTHORITY: cookie } : {}) }, close: () => Promise.resolve() };
  }
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => xvfb.once("exit", () => resolve()));
  let stderr = "";
  xvfb.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const number = await Promise.race([
    readDisplayNumber(xvfb),
    exited.then(() => Promise.reject(new Error(`Xvfb exited before it had a display (is Debian's xvfb installed?): ${stderr}`))),
    new Promise<never>((_resolve, reject) =>
      xvfb.once("error", (error) => reject(new Error(`Xvfb could not be started: ${error.message}`))),
    ),
  ]);
  return {
    env: { DISPLAY: `:${number}` },
    async close() {
      if (xvfb.exitCode !== null || xvfb.signalCode !== null) return;
      xvfb.kill("SIGTERM");
      await exited;
    },
  };
}

function readDisplayNumber(xvfb: ChildProcess): Promise<string> {
  const channel = xvfb.stdio[3] as Readable;
  return new Promise((resolve) => {
    let text = "";
    channel.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const line = /^(\d+)\n/.exec(text);
      if (line?.[1] !== undefined) resolve(line[1]);
    });
  });
}
