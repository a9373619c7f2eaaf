import { createServer, type Server } from "node:http";

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    system?: unknown;
    messages: Array<{ role: string; content: unknown }>;
    tools?: unknown[];
  };
}

export type ScriptedTurn = (request: RecordedRequest) => { content: unknown[]; stop_reason: "tool_use" | "end_turn" } | Promise<{ content: unknown[]; stop_reason: "tool_use" | "end_turn" }>;

export interface FakeMessagesApi {
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking the Messages API (POST /v1/messages, non-streaming): each
 * request gets the next scripted turn and is recorded for assertions. A request past the
 * script gets HTTP 500, so an unexpected extra turn fails loudly.
 */
export async function startFakeMessagesApi(script: ScriptedTurn[]): Promise<FakeMessagesApi> {
  const requests: RecordedRequest[] = [];
  let turn = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const recorded: RecordedRequest = { path: request.url ?? "", headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"] };
        requests.push(recorded);
        const next = script[turn++];
        if (next === undefined || request.url?.startsWith("/v1/messages") !== true) {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ type: "error", error: { type: "api_error", message: `unscripted request ${turn} to ${request.url}` } }));
          return;
        }
        const reply = await next(recorded);
        response.writeHead(200, { "content-type": "application/json", "request-id": `req_${turn}` });
        response.end(
          JSON.stringify({
            id: `msg_${turn}`,
            type: "message",
            role: "assistant",
            model: recorded.body.model,
            content: reply.content,
            stop_reason: reply.stop_reason,
            stop_sequence: null,
            usage: { input_tokens: 100 * turn, output_tokens: 10 * turn },
          }),
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let toolUseCounter = 0;
export function toolUse(name: string, input: unknown): { type: "tool_use"; id: string; name: string; input: unknown; toolset_name: "browser" } {
  toolUseCounter++;
  return { type: "tool_use", id: `toolu_${toolUseCounter.toString().padStart(4, "0")}`, name, input, toolset_name: "browser" };
}

/** The tool_result blocks of the last user message of a request. */
export function toolResults(request: RecordedRequest): Array<{ type: string; tool_use_id: string; is_error?: boolean; toolset_name?: string; content: Array<{ type: string; text?: string; tabs?: unknown[]; source?: { data: string } }> }> {
  const last = request.body.messages.at(-1);
  if (last === undefined || !Array.isArray(last.content)) return [];
  return last.content as ReturnType<typeof toolResults>;
}
