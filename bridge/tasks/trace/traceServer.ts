import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebOperatorError } from "../../../protocol/index.js";
import { authorize, type AuthPolicy } from "../../auth.js";
import type { TaskEngine } from "../taskEngine.js";
import { buildTrace } from "./buildTrace.js";

export interface TraceServer {
  port: number;
  close(): void;
}

const TRACE_PATH = /^\/v1\/tasks\/([A-Za-z0-9_.-]{1,64})\/trace$/;

/**
 * GET /v1/tasks/:id/trace on 127.0.0.1 with `Authorization: Bearer <token>`: the full
 * record of one task. The port is written to `<config dir>/trace-port` and reported by
 * bridge.health.
 */
export function startTraceServer(options: {
  engine: TaskEngine;
  auth: AuthPolicy;
  configDir: string;
  port?: number;
}): Promise<TraceServer> {
  const server = createServer((request, response) => serve(request, response, options));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      try {
        writeFileSync(join(options.configDir, "trace-port"), `${port}\n`, { mode: 0o600 });
      } catch {
        // The port is still in bridge.health; an unwritable config dir must not stop the endpoint.
      }
      resolve({ port, close: () => server.close() });
    });
  });
}

function serve(request: IncomingMessage, response: ServerResponse, options: { engine: TaskEngine; auth: AuthPolicy }): void {
  const reply = (status: number, body: unknown): void => {
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  };
  const header = request.headers.authorization;
  const bearer = typeof header === "string" && header.startsWith("Bearer ") ? header.slice("Bearer ".length) : undefined;
  try {
    authorize(options.auth, bearer);
  } catch (error) {
    reply(401, { code: "unauthorized", error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const match = TRACE_PATH.exec(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
  if (request.method !== "GET" || match?.[1] === undefined) {
    reply(404, { code: "not_found", error: "The trace endpoint is GET /v1/tasks/:id/trace." });
    return;
  }
  try {
    const source = options.engine.queries.traceSource(match[1]);
    if (source === null) {
      reply(404, { code: "not_found", error: `No task ${match[1]}.` });
      return;
    }
    reply(200, buildTrace(source.store, source.row));
  } catch (error) {
    const failure = error instanceof WebOperatorError ? error : new WebOperatorError("internal_error", String(error));
    reply(failure.code === "store_unavailable" ? 503 : 500, { code: failure.code, error: failure.message });
  }
}
