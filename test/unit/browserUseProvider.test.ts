import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { WebOperatorError } from "../../protocol/index.js";
import { judgeReply } from "../../bridge/tasks/providers/browserUse/actionReply.js";
import { ActionHistory } from "../../bridge/tasks/providers/browserUse/actionHistory.js";
import { BrowserUseConversation } from "../../bridge/tasks/providers/browserUse/conversation.js";
import { browserUseProviderFrom, DEFAULT_BROWSER_USE_MODEL } from "../../bridge/tasks/providers/browserUse/browserUseConfig.js";
import { ChatCompletionsClient } from "../../bridge/tasks/providers/browserUse/chatCompletionsClient.js";
import { retryAfterMs } from "../../bridge/tasks/providers/browserUse/retryAfter.js";
import type { AgentState } from "../../bridge/tasks/providers/browserUse/taskPerception.js";
import { insideBoundary } from "../helpers/pageData.js";

const HASH = "a".repeat(64);
const state = (hash: string, url = "http://x/"): AgentState => ({
  url,
  page_content: '- button "Go" [index=1]',
  element_index: {},
  state_hash: hash,
});

/** The State Object a user turn carries, taken out of the page-data markers it must be wholly inside. */
function sentState(content: unknown): AgentState {
  if (typeof content !== "string") throw new Error("no text content");
  const { inside, outside } = insideBoundary(content.slice(content.indexOf("State Object:\n") + "State Object:\n".length));
  if (outside !== "") throw new Error(`the State Object has text outside its page-data markers: ${outside}`);
  return JSON.parse(inside) as AgentState;
}

describe("judging a model's reply before it is sent", () => {
  const judge = (reply: string, history = new ActionHistory()) => judgeReply(reply, HASH, history);

  it("accepts one action object, bare, in a Markdown fence, or after a reasoning model's <think> block", () => {
    expect(judge('<think>\nThe field is 2 {maybe}.\n</think>\n\n{"action":"click_element","element_index":2}')).toEqual({
      ok: true,
      action: { action: "click_element", element_index: 2 },
    });
    expect(judge('{"action":"click_element","element_index":4}')).toEqual({
      ok: true,
      action: { action: "click_element", element_index: 4 },
    });
    expect(judge('```json\n{"action":"scroll","direction":"down"}\n```')).toEqual({
      ok: true,
      action: { action: "scroll", direction: "down" },
    });
  });

  it("refuses what is not one schema-valid action, with the validation error to send back", () => {
    const refusal = (reply: string): string => {
      const verdict = judge(reply);
      if (verdict.ok) throw new Error(`accepted ${reply}`);
      return verdict.correction;
    };
    expect(refusal("I'll click it")).toMatch(/^ACTION_VALIDATION_FAILED: your reply is not JSON/);
    expect(refusal('[{"action":"click_element","element_index":1}]')).toMatch(/one JSON object, not an array/);
    expect(refusal('{"action":"click_element"}')).toMatch(/action\.element_index/);
    expect(refusal('{"action":"click_element","element_index":1,"why":"x"}')).toMatch(/Action Schema/);
    expect(refusal('{"action":"hover","element_index":1}')).toMatch(/Action Schema/);
    expect(refusal('{"action":"navigate","url":"javascript:alert(1)"}')).toMatch(/action\.url/);
    expect(refusal('{"action":"select_option","element_index":2}')).toMatch(/action\.option_index/);
    expect(refusal("no")).toContain("click_element, input_text, select_option, scroll, navigate, finish_task, fail_task");
  });

  it("refuses an action already executed in the same state, whatever its key order, but not in another state", () => {
    const history = new ActionHistory();
    history.record(HASH, { action: "input_text", element_index: 2, text: "a", overwrite: true });
    const repeated = judge('{"overwrite":true,"text":"a","element_index":2,"action":"input_text"}', history);
    expect(repeated.ok).toBe(false);
    expect(!repeated.ok && repeated.correction).toMatch(/^REPEATED_ACTION: .*fail_task/);
    expect(judgeReply('{"action":"input_text","element_index":2,"text":"a","overwrite":true}', "b".repeat(64), history).ok).toBe(true);
    expect(judge('{"action":"input_text","element_index":2,"text":"b","overwrite":true}', history).ok).toBe(true);
    expect(new ActionHistory(history.toJSON()).has(HASH, { action: "input_text", element_index: 2, text: "a", overwrite: true })).toBe(
      true,
    );
  });
});

describe("the conversation sent to the model", () => {
  it("opens with the goal and the first State Object, and keeps only the latest state whole", () => {
    const chat = BrowserUseConversation.start("find it", null);
    chat.presentState(state(HASH));
    const [opening] = chat.forModel();
    expect(opening?.role).toBe("user");
    expect(opening?.content).toMatch(/^Task: find it\n\nState Object:\n/);
    expect(sentState(opening?.content)).toEqual(state(HASH));
    chat.addReply('{"action":"click_element","element_index":1}');
    chat.presentState(state("b".repeat(64), "http://x/next"));
    const [first, reply, second] = chat.forModel();
    expect(first?.content).toBe(`Task: find it\n\n(earlier state ${"a".repeat(12)}; superseded, its element indexes are invalid)`);
    expect(reply?.role).toBe("assistant");
    expect(second?.content).toMatch(/^State Object:\n/);
    expect(sentState(second?.content)).toEqual(state("b".repeat(64), "http://x/next"));
  });

  it("resumes from what it stored, replacing a state the model never answered, and keeps the executed actions", () => {
    const chat = BrowserUseConversation.start("goal", null);
    chat.presentState(state(HASH));
    chat.addReply('{"action":"scroll","direction":"down"}');
    chat.recordExecuted(HASH, { action: "scroll", direction: "down" });
    chat.presentState(state("b".repeat(64)));
    const resumed = BrowserUseConversation.start("goal", JSON.parse(JSON.stringify(chat.toJSON())));
    resumed.presentState(state("c".repeat(64)));
    const messages = resumed.forModel();
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[2]?.content).toContain("c".repeat(64));
    expect(messages.filter((message) => typeof message.content === "string" && message.content.includes("State Object:"))).toHaveLength(1);
    expect(resumed.history.has(HASH, { action: "scroll", direction: "down" })).toBe(true);
    expect(BrowserUseConversation.start("goal", { something: "else" }).forModel()).toEqual([]);
  });

  it("sends a vision task's screenshot as an image part of the latest state only, and never stores it", () => {
    const chat = BrowserUseConversation.start("goal", undefined);
    chat.presentState(state("a".repeat(64)), "AAAA");
    chat.addReply('{"action":"scroll","direction":"down"}');
    chat.presentState(state("b".repeat(64)), "BBBB");
    const messages = chat.forModel();
    expect(messages[0]?.content).toEqual(expect.stringContaining("earlier state aaaaaaaaaaaa"));
    const latest = messages[2]?.content;
    if (typeof latest === "string" || latest === undefined) throw new Error("the latest state has no image part");
    expect(latest[0]).toEqual({ type: "text", text: expect.stringContaining("b".repeat(64)) });
    expect(latest[1]).toEqual({ type: "image_url", image_url: { url: "data:image/png;base64,BBBB" } });
    expect(JSON.stringify(chat.toJSON())).not.toContain("BBBB");
    chat.presentState(state("c".repeat(64)));
    expect(chat.forModel().every((message) => typeof message.content === "string")).toBe(true);
  });
});

describe("browser-use provider configuration", () => {
  const failure = (env: NodeJS.ProcessEnv): WebOperatorError => {
    try {
      browserUseProviderFrom(env);
    } catch (error) {
      if (error instanceof WebOperatorError) return error;
    }
    throw new Error("configured");
  };

  it("needs OPENAI_BASE_URL as an http(s) URL, names it, and takes the model from OPENAI_MODEL", () => {
    expect(failure({})).toMatchObject({ code: "provider_not_configured", message: expect.stringMatching(/set OPENAI_BASE_URL/) });
    expect(failure({ OPENAI_BASE_URL: "" }).code).toBe("provider_not_configured");
    expect(failure({ OPENAI_BASE_URL: "localhost:8080" }).message).toMatch(/http\(s\) URL/);
    expect(browserUseProviderFrom({ OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }).defaultModel).toBe(DEFAULT_BROWSER_USE_MODEL);
    expect(browserUseProviderFrom({ OPENAI_BASE_URL: "http://127.0.0.1:1/v1", OPENAI_MODEL: "qwen3" }).defaultModel).toBe("qwen3");
  });
});

describe("the chat-completions client", () => {
  let server: Server;
  let baseURL = "";
  const statuses: number[] = [];
  const seen: Array<{ path: string; authorization: string | undefined }> = [];
  let plan: Array<{ status: number; body: string; headers?: Record<string, string> }> = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        seen.push({ path: request.url ?? "", authorization: request.headers.authorization });
        const next = plan.shift() ?? { status: 500, body: "{}" };
        statuses.push(next.status);
        response.writeHead(next.status, { "content-type": "application/json", ...next.headers });
        response.end(next.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    baseURL = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/v1/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ok = (content: string | null): { status: number; body: string } => ({
    status: 200,
    body: JSON.stringify({ choices: [{ message: { role: "assistant", content } }], usage: { prompt_tokens: 7, completion_tokens: 3 } }),
  });
  const request = { model: "m", messages: [{ role: "user" as const, content: "hi" }] };
  const failureOf = async (client: ChatCompletionsClient): Promise<WebOperatorError> => {
    try {
      await client.complete(request, new AbortController().signal);
    } catch (error) {
      if (error instanceof WebOperatorError) return error;
      throw error;
    }
    throw new Error("completed");
  };

  it("posts to {base}/chat/completions with the key, and answers the text and usage", async () => {
    plan = [ok('{"action":"fail_task","message":"x"}')];
    seen.length = 0;
    const completion = await new ChatCompletionsClient({ baseURL, apiKey: "k" }).complete(request, new AbortController().signal);
    expect(completion).toMatchObject({ text: '{"action":"fail_task","message":"x"}', inputTokens: 7, outputTokens: 3 });
    expect(seen).toEqual([{ path: "/v1/chat/completions", authorization: "Bearer k" }]);
    plan = [ok(null)];
    seen.length = 0;
    expect((await new ChatCompletionsClient({ baseURL, apiKey: undefined }).complete(request, new AbortController().signal)).text).toBe("");
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it("retries a 503 and a 429, but not a 401, which names OPENAI_API_KEY", async () => {
    plan = [{ status: 503, body: "busy" }, { status: 429, body: '{"error":{"message":"slow down"}}' }, ok("fine")];
    statuses.length = 0;
    expect((await new ChatCompletionsClient({ baseURL, apiKey: "k" }).complete(request, new AbortController().signal)).text).toBe("fine");
    expect(statuses).toEqual([503, 429, 200]);
    plan = [{ status: 401, body: '{"error":{"message":"Incorrect API key"}}' }, ok("unreached")];
    statuses.length = 0;
    const refused = await failureOf(new ChatCompletionsClient({ baseURL, apiKey: "bad" }));
    expect(refused).toMatchObject({
      code: "provider_error",
      message: expect.stringMatching(/HTTP 401 .*Incorrect API key \(check OPENAI_API_KEY\)/),
    });
    expect(statuses).toEqual([401]);
    plan.length = 0;
  });

  it("waits what a 429 or 503's Retry-After asks, in seconds or as a date, and its own backoff otherwise", async () => {
    const waits: number[] = [];
    const recorded = new ChatCompletionsClient({ baseURL, apiKey: undefined }, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    const inFiftySeconds = new Date(Date.now() + 50_000).toUTCString();
    plan = [
      { status: 429, body: "slow down", headers: { "retry-after": "7" } },
      { status: 503, body: "maintenance", headers: { "retry-after": inFiftySeconds } },
      ok("after waiting"),
    ];
    expect((await recorded.complete(request, new AbortController().signal)).text).toBe("after waiting");
    expect(waits[0]).toBe(7_000);
    // An HTTP-date has whole seconds, and the clock moved on since it was written: some wait, at most the 50 s asked.
    expect(waits[1]).toBeGreaterThan(0);
    expect(waits[1]).toBeLessThanOrEqual(50_000);
    waits.length = 0;
    // A 500's Retry-After is not a rate limit's; an unreadable one leaves the backoff.
    plan = [
      { status: 500, body: "oops", headers: { "retry-after": "9" } },
      { status: 429, body: "busy", headers: { "retry-after": "soon" } },
      ok("done"),
    ];
    expect((await recorded.complete(request, new AbortController().signal)).text).toBe("done");
    expect(waits).toEqual([500, 1_000]);
  });

  it("does not wait longer than a minute for Retry-After: it fails at once and says when to start again", async () => {
    plan = [{ status: 429, body: '{"error":{"message":"quota"}}', headers: { "retry-after": "3600" } }, ok("unreached")];
    statuses.length = 0;
    const refused = await failureOf(new ChatCompletionsClient({ baseURL, apiKey: undefined }, () => Promise.reject(new Error("waited"))));
    expect(refused).toMatchObject({
      code: "provider_error",
      message: expect.stringMatching(/HTTP 429 .*quota.*asks to wait 3600 s \(Retry-After\).*Start the task again after that/),
    });
    expect(statuses).toEqual([429]);
    plan.length = 0;
  });

  it("reads Retry-After as delay-seconds or an HTTP-date", () => {
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("-5", now)).toBeUndefined();
    expect(retryAfterMs("1.5", now)).toBeUndefined();
    expect(retryAfterMs("tomorrow-ish", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it("gives up after its retries, and refuses a body that is not a completion", async () => {
    plan = [
      { status: 500, body: "a" },
      { status: 502, body: "b" },
      { status: 500, body: '{"error":"still down"}' },
    ];
    expect((await failureOf(new ChatCompletionsClient({ baseURL, apiKey: undefined }))).message).toMatch(
      /after 3 tries: HTTP 500 .*still down/,
    );
    plan = [{ status: 200, body: "<html>" }];
    expect((await failureOf(new ChatCompletionsClient({ baseURL, apiKey: undefined }))).message).toMatch(/not JSON/);
    plan = [{ status: 200, body: '{"choices":[]}' }];
    expect((await failureOf(new ChatCompletionsClient({ baseURL, apiKey: undefined }))).message).toMatch(
      /malformed completion: response\.choices/,
    );
  });

  it("names an unreachable server, and stops at once when the task's signal aborts", async () => {
    const unreachable = await failureOf(new ChatCompletionsClient({ baseURL: "http://127.0.0.1:9/v1", apiKey: undefined }));
    expect(unreachable.message).toMatch(/could not reach http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions/);
    const aborted = new AbortController();
    const reason = new Error("task stopped");
    aborted.abort(reason);
    await expect(new ChatCompletionsClient({ baseURL, apiKey: undefined }).complete(request, aborted.signal)).rejects.toBe(reason);
  });
});
