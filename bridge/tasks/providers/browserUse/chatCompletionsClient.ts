import {
  ChatCompletionErrorBodySchema,
  ChatCompletionResponseSchema,
  WebOperatorError,
  describeZodError,
  type ChatCompletionRequest,
  type ChatCompletionResponse,
} from "../../../../protocol/index.js";
import { MAX_RETRY_AFTER_MS, retryAfterMs } from "./retryAfter.js";

export interface ChatCompletionsConfig {
  /** OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1; `/chat/completions` is appended. */
  baseURL: string;
  /** OPENAI_API_KEY; local servers often need none. */
  apiKey: string | undefined;
}

export interface ChatCompletion {
  text: string;
  inputTokens: number;
  outputTokens: number;
  raw: ChatCompletionResponse;
}

/** Statuses worth another try: rate limits and a server that is briefly unwell. */
const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses whose Retry-After says how long to wait: a rate limit, a server that is down for a while. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);
const MAX_RETRIES = 2;
const RETRY_BASE_MS = 500;
/** Local models can be slow; one request still may not hang a task forever. */
const REQUEST_TIMEOUT_MS = 180_000;

/** A failure the caller may try again (rate limit, 5xx, unreachable), after the server's Retry-After when it sent one. */
class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** How the client waits between tries; a test records the waits instead. */
export type RetryWait = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * POST /chat/completions with plain fetch: no SDK, so any OpenAI-compatible server works
 * and nothing pins the Node version. Failures become provider_error with what to check.
 */
export class ChatCompletionsClient {
  constructor(
    private readonly config: ChatCompletionsConfig,
    private readonly wait: RetryWait = sleep,
  ) {}

  get endpoint(): string {
    return `${this.config.baseURL.replace(/\/+$/, "")}/chat/completions`;
  }

  async complete(request: ChatCompletionRequest, signal: AbortSignal): Promise<ChatCompletion> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(request, signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!(error instanceof RetryableFailure) || attempt >= MAX_RETRIES) throw asProviderError(error);
        await this.wait(error.retryAfterMs ?? RETRY_BASE_MS * 2 ** attempt, signal);
      }
    }
  }

  private async once(request: ChatCompletionRequest, signal: AbortSignal): Promise<ChatCompletion> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.config.apiKey === undefined ? {} : { authorization: `Bearer ${this.config.apiKey}` }),
        },
        body: JSON.stringify(request),
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new RetryableFailure(
        `could not reach ${this.endpoint} (${error instanceof Error ? error.message : String(error)}); check OPENAI_BASE_URL and that the server runs`,
      );
    }
    const body = await response.text();
    if (!response.ok) {
      const failure = `HTTP ${response.status} from ${this.endpoint}: ${errorMessageOf(body)}${hintFor(response.status)}`;
      const asked = RETRY_AFTER_STATUSES.has(response.status) ? retryAfterMs(response.headers.get("retry-after"), Date.now()) : undefined;
      if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) {
        throw new WebOperatorError(
          "provider_error",
          `The chat-completions API failed: ${failure}; it asks to wait ${Math.ceil(asked / 1000)} s (Retry-After), longer than a task waits (${MAX_RETRY_AFTER_MS / 1000} s). Start the task again after that.`,
        );
      }
      if (RETRIED_STATUSES.has(response.status)) throw new RetryableFailure(failure, asked);
      throw new WebOperatorError("provider_error", `The chat-completions API failed: ${failure}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new WebOperatorError(
        "provider_error",
        `The chat-completions API at ${this.endpoint} answered something that is not JSON (${body.slice(0, 200)}); is OPENAI_BASE_URL the API root (usually ending in /v1)?`,
      );
    }
    const parsed = ChatCompletionResponseSchema.safeParse(json);
    if (!parsed.success) {
      throw new WebOperatorError(
        "provider_error",
        `The chat-completions API at ${this.endpoint} answered a malformed completion: ${describeZodError(parsed.error, "response")}.`,
      );
    }
    const raw = parsed.data;
    return {
      text: raw.choices[0]?.message.content ?? "",
      inputTokens: raw.usage?.prompt_tokens ?? 0,
      outputTokens: raw.usage?.completion_tokens ?? 0,
      raw,
    };
  }
}

function asProviderError(error: unknown): WebOperatorError {
  if (error instanceof WebOperatorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new WebOperatorError(
    "provider_error",
    `The chat-completions API failed after ${MAX_RETRIES + 1} tries: ${message}. Start the task again once the server answers.`,
  );
}

function errorMessageOf(body: string): string {
  try {
    const parsed = ChatCompletionErrorBodySchema.safeParse(JSON.parse(body));
    if (parsed.success) {
      const error = parsed.data.error;
      return typeof error === "string" ? error : (error.message ?? JSON.stringify(error));
    }
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return body.slice(0, 300) || "(empty body)";
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return " (check OPENAI_API_KEY)";
  if (status === 404) return " (check OPENAI_BASE_URL, usually ending in /v1, and the model name)";
  if (status === 400) return " (check the model name: tasks.start {model} or OPENAI_MODEL)";
  return "";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
