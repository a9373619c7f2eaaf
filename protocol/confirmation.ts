import { z } from "zod";
import { ConfirmationsModeSchema } from "./panel/panelConfirmations.js";

/** What the policy's `confirm` switches turn on or off, one per category (docs/gatekeeper.md). */
export const PolicyConfirmationCategorySchema = z.enum(["purchase", "account", "messaging", "credentials", "submit"]);

/**
 * What a confirmation is about: a policy category, or `escalation`, which the acting agent's
 * own governance asks for (escalate_when.confidence_below) and no policy switch turns off.
 */
export const ConfirmationCategorySchema = z.enum([...PolicyConfirmationCategorySchema.options, "escalation"]);
export type ConfirmationCategory = z.infer<typeof ConfirmationCategorySchema>;

/**
 * The held-back action a `confirmation_required` error carries beside `error` and `code`,
 * so an agent, the task engine or a panel reads it without parsing the message.
 */
export const ConfirmationRequestSchema = z.object({
  /** Answer with browser.confirm {id, allow}, or in the side panel when answeredBy is "user". */
  id: z.string().min(1).max(64),
  /** The gated command, e.g. "browser.click". */
  tool: z.string(),
  /** The most consequential matched category: escalation, credentials, purchase, account, messaging, then submit. */
  category: ConfirmationCategorySchema,
  /** Every enforced category the action matched, most consequential first. */
  categories: z.array(ConfirmationCategorySchema).min(1),
  /** Why, in words: each category with what the action does ("submits a form to https://shop.test/checkout"). */
  reason: z.string(),
  /** The element acted on; null when the action opens a URL without an element (navigate, tab_open). */
  target: z.object({ role: z.string(), name: z.string() }).nullable(),
  /** The page the action would run on. */
  url: z.string(),
  /** ISO 8601: after this an unanswered confirmation is denied. */
  expiresAt: z.string(),
  /**
   * Who may answer, from the user's confirmations setting: "agent" (browser.confirm on the
   * socket) or "user" (only the side panel; browser.confirm is refused), so a hint never
   * names an answer that will be refused.
   */
  answeredBy: ConfirmationsModeSchema,
  /**
   * Present (true) only when the held action is an L2 write (trusted input, coordinates, a
   * drag, an upload) and another condition already asked: L2 alone never asks.
   */
  escalation_l2: z.literal(true).optional(),
});
export type ConfirmationRequest = z.infer<typeof ConfirmationRequestSchema>;
