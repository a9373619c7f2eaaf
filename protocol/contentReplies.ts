import { z } from "zod";
import { ErrorCodeSchema } from "./errorCodes.js";
import { HopsSchema } from "./hopSchemas.js";
import { schemaLookup, type Built } from "./lazySchemas.js";
import type { ContentOp } from "./contentMessages.js";
import { perceptionContentResults } from "./content/perceptionResults.js";
import { browserActionContentResults } from "./content/browserActionResults.js";
import { actionabilityContentResults } from "./content/actionabilityResults.js";
import { pointerContentResults } from "./content/pointerResults.js";
import { heldFormSendsSchema, holdContentResults } from "./content/holdResults.js";

/**
 * What a content script sends back, as the worker checks it (contentMessages.ts has the requests).
 * Apart from the requests because the content script sends these shapes but never parses them,
 * and every module it imports is evaluated at each document start.
 */
const contentResults = {
  ...perceptionContentResults,
  ...browserActionContentResults,
  ...actionabilityContentResults,
  ...pointerContentResults,
  ...holdContentResults,
} satisfies Record<ContentOp, unknown>;
export type ContentResult<Op extends ContentOp> = Built<(typeof contentResults)[Op]>;

/** The result schema of one op, built on first use. */
export const contentResultSchema = schemaLookup(contentResults);

export const ContentReplySchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), code: ErrorCodeSchema, error: z.string() }),
]);
export type ContentReply = z.infer<typeof ContentReplySchema>;

/**
 * `held`: the form sends the page's send hold cancelled since its previous reply, on whichever
 * reply comes next, so a write learns of them from the round trips it makes anyway.
 */
export const ContentPortReplySchema = z.object({
  id: z.number().int().nonnegative(),
  reply: z.unknown(),
  hops: HopsSchema.optional(),
  held: heldFormSendsSchema().optional(),
});
export type ContentPortReply = z.infer<typeof ContentPortReplySchema>;
