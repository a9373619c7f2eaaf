import { request as httpRequest } from "node:http";
import { socketPath } from "../../bridge/config/paths.js";
import { resolveToken } from "../../bridge/config/token.js";
import { WebOperatorClient } from "../client.js";
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from "./io.js";
import { splitTaskArgv } from "./taskArgv.js";

/** `weboperator trace ID`: the task's full trace from the bridge's HTTP endpoint, as JSON. */
export async function runTraceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = splitTaskArgv(argv);
  const id = args.positionals[0];
  if (id === undefined || args.positionals.length > 1) {
    io.err("weboperator: usage: weboperator trace ID\n");
    return EXIT_USAGE;
  }
  const token = args.values.token ?? resolveToken(io.env).token;
  let port: number | null | undefined;
  try {
    const client = await WebOperatorClient.connect({
      socketPath: args.values.socket ?? socketPath(io.env),
      token: token ?? null,
      env: io.env,
    });
    try {
      port = (await client.request("bridge.health", {})).bridge.tracePort;
    } finally {
      client.close();
    }
  } catch (error) {
    io.err(`weboperator: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_USAGE;
  }
  if (port === null || port === undefined) {
    io.err("weboperator: the bridge reports no trace endpoint (bridge.health tracePort is null).\n");
    return EXIT_FAILED;
  }
  const { status, body } = await new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: `/v1/tasks/${encodeURIComponent(id)}/trace`,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolvePromise({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    request.end();
  });
  if (status !== 200) {
    io.err(`trace: HTTP ${status}: ${body}\n`);
    return EXIT_FAILED;
  }
  io.out(`${JSON.stringify(JSON.parse(body), null, 2)}\n`);
  return EXIT_OK;
}
