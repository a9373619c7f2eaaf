import { createServer, type Server, type ServerResponse } from "node:http";
import { z } from "zod";
import { BrowserUseActResultSchema, BrowserUseStateSchema, type ChatRequestMessage } from "../../protocol/index.js";
import { insideBoundary } from "./pageData.js";

export interface RecordedChatRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: { model: string; messages: ChatRequestMessage[] };
}

/** A scripted answer: the assistant's text, or an HTTP error the server answers instead. */
export type ChatReply = string | { status: number; error: string };
export type ScriptedChatTurn = (request: RecordedChatRequest) => ChatReply | Promise<ChatReply>;

export interface FakeChatCompletions {
  baseURL: string;
  requests: RecordedChatRequest[];
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server (POST /v1/chat/completions, non-streaming): each
 * request is recorded and gets the next scripted reply. A request past the script, or to
 * another path, gets HTTP 500, so an unexpected extra turn fails loudly. A turn may answer
 * later (a promise), to hold the model's reply while a test does something else.
 */
export async function startFakeChatCompletions(
  script: (request: RecordedChatRequest) => ScriptedChatTurn | undefined,
): Promise<FakeChatCompletions> {
  const requests: RecordedChatRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const recorded: RecordedChatRequest = {
        path: request.url ?? "",
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedChatRequest["body"],
      };
      requests.push(recorded);
      const turn = request.url === "/v1/chat/completions" ? script(recorded) : undefined;
      const count = requests.length;
      void answerOf(turn, recorded, count).then((reply) => respond(response, reply, recorded.body.model, count));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { baseURL: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function respond(response: ServerResponse, reply: ChatReply, model: string, count: number): void {
  if (typeof reply !== "string") {
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: reply.error, type: "invalid_request_error", code: null } }));
    return;
  }
  response.writeHead(200, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      id: `chatcmpl-${count}`,
      object: "chat.completion",
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
      usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
    }),
  );
}

/** A script that throws (an assertion inside it) answers HTTP 500 with its message, so the task fails instead of hanging. */
async function answerOf(turn: ScriptedChatTurn | undefined, recorded: RecordedChatRequest, count: number): Promise<ChatReply> {
  if (turn === undefined) return { status: 500, error: `unscripted request ${count} to ${recorded.path}` };
  try {
    return await turn(recorded);
  } catch (error) {
    return { status: 500, error: `script failed on request ${count}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A message's text: the whole content, or its text parts (a vision turn also has an image part). */
export function textOf(message: ChatRequestMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** The goal a Browser-Use conversation opened with ("Task: goal" in the first user turn). */
export function goalOf(request: RecordedChatRequest): string | undefined {
  const found = request.body.messages.find((message) => message.role === "user");
  const first = found === undefined ? "" : textOf(found);
  return /^Task: (.*)\n\n/.exec(first)?.[1];
}

/** Scripts keyed by goal; the turn is the number of assistant messages so far, so several tasks share one fake. */
export function chatByGoal(scripts: Record<string, ScriptedChatTurn[]>): (request: RecordedChatRequest) => ScriptedChatTurn | undefined {
  return (request) => {
    const goal = goalOf(request);
    if (goal === undefined) return undefined;
    const turn = request.body.messages.filter((message) => message.role === "assistant").length;
    return scripts[goal]?.[turn];
  };
}

/** What the provider sends each turn: the seed's State Object, with the seed's error after a failed action, and nothing else. */
const StateSentSchema = BrowserUseStateSchema.extend({ error: BrowserUseActResultSchema.shape.error }).strict();
export type StateSent = z.infer<typeof StateSentSchema>;

/** The latest State Object of a request (the one user turn that carries one whole), which must be inside page-data markers, checked against the schema. */
export function lastState(request: RecordedChatRequest): StateSent {
  const last = [...request.body.messages]
    .reverse()
    .map(textOf)
    .find((text, at, texts) => request.body.messages[texts.length - 1 - at]?.role === "user" && text.includes(STATE_LEAD));
  if (last === undefined) throw new Error(`no State Object in ${JSON.stringify(request.body.messages).slice(0, 300)}`);
  const { inside, outside } = insideBoundary(last.slice(last.indexOf(STATE_LEAD) + STATE_LEAD.length));
  if (outside !== "") throw new Error(`the State Object has text outside its page-data markers: ${outside}`);
  return StateSentSchema.parse(JSON.parse(inside));
}

const STATE_LEAD = "State Object:\n";

/** The key of the first element of a state whose descriptor matches, as the seed says to look elements up. */
export function indexIn(state: StateSent, match: (descriptor: StateSent["element_index"][string]) => boolean): number {
  const entry = Object.entries(state.element_index).find(([, descriptor]) => match(descriptor));
  if (entry === undefined) throw new Error(`no matching element in ${JSON.stringify(state.element_index)}`);
  return Number(entry[0]);
}
