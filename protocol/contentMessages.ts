import { z } from "zod";
import { lazySchema, schemaLookup, type Built } from "./lazySchemas.js";
import { perceptionContentRequests } from "./content/perceptionRequests.js";
import { browserActionContentRequests } from "./content/browserActionRequests.js";
import { actionabilityContentRequests } from "./content/actionabilityRequests.js";
import { pointerContentRequests } from "./content/pointerRequests.js";
import { holdContentRequests } from "./content/holdRequests.js";

/**
 * Service worker -> content script requests (over the tab's port, below) and their replies.
 * The content script owns the DOM: snapshots, the ref registry, and L1 actions. Ops are
 * declared per area in protocol/content/ and joined here. Each op's schemas are built on first
 * use (lazySchemas.ts): the content script runs at every document start.
 */
const contentRequests = {
  ...perceptionContentRequests,
  ...browserActionContentRequests,
  ...actionabilityContentRequests,
  ...pointerContentRequests,
  ...holdContentRequests,
};
export type ContentOp = keyof typeof contentRequests;
export type ContentRequest = { [Op in ContentOp]: Built<(typeof contentRequests)[Op]> }[ContentOp];

export function isContentOp(op: string): op is ContentOp {
  return Object.hasOwn(contentRequests, op);
}

/** The request schema of one op (its `op` field included). */
export const contentRequestSchema = schemaLookup(contentRequests);

/**
 * The same requests and replies over one long-lived port per tab (chrome.tabs.connect):
 * half the round trip of a one-off sendMessage, which opens and closes a channel per call.
 * The envelope only pairs a reply with its request; both halves are validated (replies in contentReplies.ts).
 */
export const CONTENT_PORT_NAME = "weboperator.content";
export const contentPortRequestSchema = lazySchema(() =>
  z.object({
    id: z.number().int().nonnegative(),
    request: z.unknown(),
    traceHops: z.boolean().optional(),
  }),
);
export type ContentPortRequest = z.infer<ReturnType<typeof contentPortRequestSchema>>;
