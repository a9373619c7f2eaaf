import type { CliIo } from "../../agent-client/cli/io.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/** A CLI run's io against the session's socket and token, with what it printed kept. */
export function capturedCliIo(session: WebOperatorSession): { io: CliIo; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
    stdoutIsTTY: false,
    env: { WEBOPERATOR_AGENT_SOCKET: session.launched.socket, WEBOPERATOR_API_TOKEN: session.launched.token ?? "" },
    cwd: process.cwd(),
  };
  return { io, out: () => out, err: () => err };
}
