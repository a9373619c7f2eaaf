import { contentRequestSchema, isContentOp, type ContentOp, type ContentRequest } from "../../protocol/contentMessages.js";
import type { ContentReply } from "../../protocol/contentReplies.js";
import { WebOperatorError, describeZodError, errorFromUnknown } from "../../protocol/errors.js";
import type { HopRecorder } from "../../protocol/hopTrace.js";
import type { ContentHandlers, ContentRuntime } from "./contentHandlers.js";
import { perceptionHandlers } from "./perceptionHandlers.js";
import { browserActionHandlers } from "./browserActionHandlers.js";
import { actionabilityHandlers } from "./actionabilityHandlers.js";
import { pointerHandlers } from "./pointerHandlers.js";
import { holdHandlers } from "./holdHandlers.js";

export type { ContentRuntime } from "./contentHandlers.js";

const SNAPSHOT_KEEPING_OPS: ReadonlySet<ContentOp> = new Set(["snapshot", "prepare_snapshot", "ping", "form_send_hold"]);

const handlers: ContentHandlers<ContentOp> = {
  ...perceptionHandlers,
  ...browserActionHandlers,
  ...actionabilityHandlers,
  ...pointerHandlers,
  ...holdHandlers,
};

const RELOAD_HINT = "reload the tab so the extension and page script match, then retry";

/**
 * Validates a service-worker request, runs it, and always answers a ContentReply:
 * nothing is thrown back through runtime messaging, where it would lose its code.
 * The result is not checked here: the worker checks every reply against the op's result schema
 * (contentClient.ts), and building those schemas in each page would cost every document's start.
 */
export async function handleContentMessage(message: unknown, runtime: ContentRuntime, hops?: HopRecorder): Promise<ContentReply> {
  const op = opOf(message);
  if (op === undefined) {
    return {
      ok: false,
      code: "bad_request",
      error: `Content script rejected the request (message.op: not an op this page script knows); ${RELOAD_HINT}.`,
    };
  }
  const parsed = contentRequestSchema(op).safeParse(message);
  hops?.mark("page: request check");
  if (!parsed.success) {
    return {
      ok: false,
      code: "bad_request",
      error: `Content script rejected the request (${describeZodError(parsed.error, "message")}); ${RELOAD_HINT}.`,
    };
  }
  // Anything but a read of the snapshot itself may change what the next one shows.
  if (!SNAPSHOT_KEEPING_OPS.has(op)) runtime.snapshots.drop();
  try {
    const result = await runOperation(parsed.data, hops === undefined ? runtime : { ...runtime, hops });
    hops?.mark(`page: ${op}`);
    return { ok: true, result };
  } catch (error) {
    const failure = errorFromUnknown(error);
    const text =
      failure.code === "internal_error" && !(error instanceof WebOperatorError)
        ? `${op} failed inside the page: ${failure.message}; call browser.snapshot and retry, or use browser.screenshot.`
        : failure.message;
    return { ok: false, code: failure.code, error: text };
  }
}

function opOf(message: unknown): ContentOp | undefined {
  if (typeof message !== "object" || message === null || !("op" in message)) return undefined;
  const { op } = message;
  return typeof op === "string" && isContentOp(op) ? op : undefined;
}

function runOperation(request: ContentRequest, runtime: ContentRuntime): unknown {
  const handler = handlers[request.op] as (request: ContentRequest, runtime: ContentRuntime) => unknown;
  return handler(request, runtime);
}
