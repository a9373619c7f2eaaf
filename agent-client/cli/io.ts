import { terminalSafe } from "./terminalText.js";

/**
 * Everything the CLI touches outside itself, passed in so tests can run commands
 * without a terminal and without the caller's environment.
 */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  stdoutIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** All of stdin, for values that must not be typed on the command line (`config set NAME -`). */
  readStdin?: () => Promise<string>;
}

export function processIo(): CliIo {
  return {
    // Page text is in much of what the CLI prints (snapshots, extracts, errors naming a target).
    out: (text) => process.stdout.write(terminalSafe(text)),
    err: (text) => process.stderr.write(terminalSafe(text)),
    stdoutIsTTY: process.stdout.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}

export const EXIT_OK = 0;
/** The bridge answered with an error, or a check failed. */
export const EXIT_FAILED = 1;
/** The command line was wrong, or there was nobody to talk to. */
export const EXIT_USAGE = 2;
