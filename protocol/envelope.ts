import { z } from "zod";
import { ConfirmationRequestSchema } from "./confirmation.js";
import { ErrorCodeSchema, FailureStageSchema } from "./errorCodes.js";
import { MAX_REQUEST_TIMEOUT_MS } from "./constants.js";
import { HopsSchema } from "./hopSchemas.js";
import { FirstLookCharsSchema } from "./snapshotShapes.js";

export const RequestIdSchema = z.union([z.string().min(1).max(200), z.number().int()]);
export type RequestId = z.infer<typeof RequestIdSchema>;

/** What an agent sends on the socket. `id` and `payload` may be omitted; the bridge fills them. */
export const AgentRequestSchema = z.object({
  id: RequestIdSchema.optional(),
  type: z.string().min(1).max(100),
  payload: z.record(z.string(), z.unknown()).optional(),
  timeoutMs: z.number().int().positive().max(MAX_REQUEST_TIMEOUT_MS).optional(),
  token: z.string().max(1000).optional(),
  /**
   * Wrap the page text of the answer (text, diff, page_content, a11y_tree, at the top or one
   * object down) in page-data markers with a nonce drawn for this answer, for an agent that
   * hands it to a model as it is.
   */
  markUntrusted: z.boolean().optional(),
  /** Time each step of this request in every process it passes, and answer the durations in `hops` (for benchmarks). */
  traceHops: z.boolean().optional(),
  /**
   * How many characters of a new document's first look to answer with (`first_look`), 0 for
   * none. A write that loads a new document answers one of FIRST_LOOK_CHARS unless this says
   * otherwise; browser.navigate answers one only when this asks for it.
   */
  firstLook: FirstLookCharsSchema.optional(),
});
export type AgentRequest = z.infer<typeof AgentRequestSchema>;

export const SuccessResponseSchema = z.object({
  id: RequestIdSchema.nullable(),
  result: z.unknown(),
  /** Only when the request asked for traceHops: each step's milliseconds, in the order they ran. */
  hops: HopsSchema.optional(),
});
export const ErrorResponseSchema = z.object({
  id: RequestIdSchema.nullable(),
  error: z.string(),
  code: ErrorCodeSchema,
  /** Only on confirmation_required: the held-back action (docs/gatekeeper.md). */
  confirmation: ConfirmationRequestSchema.optional(),
  /** Only on a write command's failure: the stage it failed at (docs/errors.md). */
  stage: FailureStageSchema.optional(),
});
export const AgentResponseSchema = z.union([ErrorResponseSchema, SuccessResponseSchema]);
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type AgentResponse = z.infer<typeof AgentResponseSchema>;

export const BridgeEventSchema = z
  .object({
    kind: z.string().min(1),
  })
  .catchall(z.unknown());
export type BridgeEvent = z.infer<typeof BridgeEventSchema>;

export const EventEnvelopeSchema = z.object({
  kind: z.literal("event"),
  event: BridgeEventSchema,
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

export function isErrorResponse(message: AgentResponse): message is ErrorResponse {
  return "error" in message && typeof message.error === "string";
}
