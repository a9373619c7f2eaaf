import {
  ContentRequestSchema,
  ContentResultSchemas,
  type ContentReply,
  type ContentOp,
  type ContentRequest,
} from "../../protocol/contentMessages.js";
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

/**
 * Validates a service-worker request, runs it, and always answers a ContentReply:
 * nothing is thrown back through runtime messaging, where it would lose its code.
 */
export async function handleContentMessage(message: unknown, runtime: ContentRuntime, hops?: HopRecorder): Promise<ContentReply> {
  const parsed = ContentRequestSchema.safeParse(message);
  hops?.mark("page: request check");
  if (!parsed.success) {
    return {
      ok: false,
      code: "bad_request",
      error: `Content script rejected the request (${describeZodError(parsed.error, "message")}); reload the tab so the extension and page script match, then retry.`,
    };
  }
  // Anything but a read of the snapshot itself may change what the next one shows.
  if (!SNAPSHOT_KEEPING_OPS.has(parsed.data.op)) runtime.snapshots.drop();
  try {
    const result = await runOperation(parsed.data, hops === undefined ? runtime : { ...runtime, hops });
    hops?.mark(`page: ${parsed.data.op}`);
    const checked = ContentResultSchemas[parsed.data.op].safeParse(result);
    if (!checked.success) {
      throw new WebOperatorError(
        "internal_error",
        `Content script produced an invalid ${parsed.data.op} result (${describeZodError(checked.error, "result")}).`,
      );
    }
    hops?.mark("page: result check");
    return { ok: true, result: checked.data };
  } catch (error) {
    const failure = errorFromUnknown(error);
    const text =
      failure.code === "internal_error" && !(error instanceof WebOperatorError)
        ? `${parsed.data.op} failed inside the page: ${failure.message}; call browser.snapshot and retry, or use browser.screenshot.`
        : failure.message;
    return { ok: false, code: failure.code, error: text };
  }
}

function runOperation(request: ContentRequest, runtime: ContentRuntime): unknown {
  const handler = handlers[request.op] as (request: ContentRequest, runtime: ContentRuntime) => unknown;
  return handler(request, runtime);
}
