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

export type ScriptedTurn = (
  request: RecordedRequest,
) => { content: unknown[]; stop_reason: "tool_use" | "end_turn" } | Promise<{ content: unknown[]; stop_reason: "tool_use" | "end_turn" }>;

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
        const recorded: RecordedRequest = {
          path: request.url ?? "",
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"],
        };
        requests.push(recorded);
        turn++;
        const next = nextTurn(recorded);
        if (next === undefined || request.url?.startsWith("/v1/messages") !== true) {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(
            JSON.stringify({ type: "error", error: { type: "api_error", message: `unscripted request ${turn} to ${request.url}` } }),
          );
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
export function toolUse(
  name: string,
  input: unknown,
): { type: "tool_use"; id: string; name: string; input: unknown; toolset_name: "browser" } {
  toolUseCounter++;
  return { type: "tool_use", id: `toolu_${toolUseCounter.toString().padStart(4, "0")}`, name, input, toolset_name: "browser" };
}

/** The tool_result blocks of the last user message of a request. */
export function toolResults(request: RecordedRequest): Array<{
  type: string;
  tool_use_id: string;
  is_error?: boolean;
  toolset_name?: string;
  content: Array<{ type: string; text?: string; tabs?: unknown[]; source?: { data: string } }>;
}> {
  const last = request.body.messages.at(-1);
  if (last === undefined || !Array.isArray(last.content)) return [];
  return last.content as ReturnType<typeof toolResults>;
}

/**
 * Scripts keyed by goal (the conversation's first user message): with `thread: false`
 * each request carries the whole history, so the turn is the number of assistant
 * messages so far. Several tasks can then talk to one fake at once.
 */
export function byGoal(scripts: Record<string, ScriptedTurn[]>): (request: RecordedRequest) => ScriptedTurn | undefined {
  return (request) => {
    const goal = request.body.messages[0]?.content;
    if (typeof goal !== "string") return undefined;
    const turn = request.body.messages.filter((message) => message.role === "assistant").length;
    return scripts[goal]?.[turn];
  };
}

/** The text of every tool_result in a request's last message, joined. */
export function lastResultText(request: RecordedRequest): string {
  return toolResults(request)
    .map((result) => (typeof result.content === "string" ? result.content : result.content.map((block) => block.text ?? "").join("\n")))
    .join("\n");
}

/** The `ref_N` a read_page/find result gave to `role "name"`. */
export function refIn(request: RecordedRequest, role: string, name: string): string {
  const text = lastResultText(request);
  const match = new RegExp(`${role} "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\n]*\\[(ref_\\d+)\\]`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${role} "${name}" in:\n${text}`);
  return match[1];
}

let engineToolCounter = 0;
/** A call of one of the engine's own tools (not a browser toolset member): no toolset_name. A function input is read when the turn runs. */
export const engineTool =
  (name: string, input: unknown): ScriptedTurn =>
  () => {
    engineToolCounter++;
    return {
      stop_reason: "tool_use",
      content: [
        {
          type: "tool_use",
          id: `toolu_engine_${engineToolCounter}`,
          name,
          input: typeof input === "function" ? (input as () => unknown)() : input,
        },
      ],
    };
  };

/** Answers with the last tool result, so the answer proves what the model was told. */
export const answerWithResult: ScriptedTurn = (request) => ({
  stop_reason: "end_turn",
  content: [{ type: "text", text: `told: ${lastResultText(request)}` }],
});
