import { createServer, type Server, type ServerResponse } from "node:http";

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    stream?: boolean;
    system?: unknown;
    messages: Array<{ role: string; content: unknown }>;
    tools?: unknown[];
  };
}

export interface ScriptedReply {
  content: unknown[];
  stop_reason: "tool_use" | "end_turn";
}

export type ScriptedTurn = (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface FakeMessagesApi {
  baseURL: string;
  /** Every POST /v1/messages, in order (count_tokens requests are answered but not recorded). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking the Messages API: POST /v1/messages, as one JSON message or,
 * when the request asks (`stream: true`, as Claude Code does), as server-sent events; and
 * /v1/messages/count_tokens. Each request gets the next scripted turn and is recorded for
 * assertions. A request past the script gets HTTP 500, so an unexpected extra turn fails loudly.
 */
export async function startFakeMessagesApi(
  script: ScriptedTurn[] | ((request: RecordedRequest) => ScriptedTurn | undefined),
): Promise<FakeMessagesApi> {
  const requests: RecordedRequest[] = [];
  let turn = 0;
  const nextTurn = (recorded: RecordedRequest): ScriptedTurn | undefined =>
    typeof script === "function" ? script(recorded) : script[turn - 1];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const path = request.url ?? "";
        if (path.startsWith("/v1/messages/count_tokens")) {
          response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: chunks.length * 100 }));
          return;
        }
        const recorded: RecordedRequest = {
          path,
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"],
        };
        requests.push(recorded);
        turn++;
        const next = nextTurn(recorded);
        if (next === undefined || !path.startsWith("/v1/messages")) {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ type: "error", error: { type: "api_error", message: `unscripted request ${turn} to ${path}` } }));
          return;
        }
        const message = {
          id: `msg_${turn}`,
          type: "message",
          role: "assistant",
          model: recorded.body.model,
          ...(await next(recorded)),
          stop_sequence: null,
          usage: { input_tokens: 100 * turn, output_tokens: 10 * turn },
        };
        if (recorded.body.stream === true) writeMessageStream(response, message);
        else response.writeHead(200, { "content-type": "application/json", "request-id": `req_${turn}` }).end(JSON.stringify(message));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connections would hold the close for minutes.
        server.closeAllConnections();
      }),
  };
}

interface StreamedMessage extends ScriptedReply {
  usage: { input_tokens: number; output_tokens: number };
}

/**
 * One message as the Messages API streams it: message_start, each block's start, one delta
 * (the whole text, or the tool input as one JSON fragment) and stop, message_delta with the
 * stop reason, message_stop.
 */
function writeMessageStream(response: ServerResponse, message: StreamedMessage): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (type: string, data: Record<string, unknown>): void =>
    void response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const { content, stop_reason, usage, ...head } = message;
  send("message_start", { message: { ...head, content: [], stop_reason: null, usage } });
  content.forEach((block, index) => {
    const { type, text, input, ...rest } = block as { type: string; text?: string; input?: unknown };
    if (type === "text") {
      send("content_block_start", { index, content_block: { type, text: "" } });
      send("content_block_delta", { index, delta: { type: "text_delta", text: text ?? "" } });
    } else {
      send("content_block_start", { index, content_block: { type, ...rest, input: {} } });
      send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(input ?? {}) } });
    }
    send("content_block_stop", { index });
  });
  send("message_delta", { delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  send("message_stop", {});
  response.end();
}
