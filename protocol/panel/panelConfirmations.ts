import { z } from "zod";

/** Who may answer a confirmation: the agent over the socket, or only the user in the side panel. */
export const ConfirmationsModeSchema = z.enum(["agent", "user"]);
export type ConfirmationsMode = z.infer<typeof ConfirmationsModeSchema>;

/** Who asked for an action: the bridge's id for the agent connection or task, and its name once known. */
export const RequesterSchema = z.object({
  kind: z.enum(["agent", "task"]),
  id: z.string().min(1).max(100),
  name: z.string().max(100).nullable(),
});
export type Requester = z.infer<typeof RequesterSchema>;

/** A browser.* write the gatekeeper holds back, as the side panel shows it. */
export const GateConfirmationViewSchema = z.object({
  id: z.string(),
  tool: z.string(),
  /** "submit (activates button \"Pay\")"; one per finding. */
  reasons: z.array(z.string()),
  categories: z.array(z.string()),
  target: z.object({ role: z.string(), name: z.string() }).nullable(),
  url: z.string(),
  tabId: z.number().int(),
  requester: RequesterSchema.nullable(),
  expiresAt: z.number(),
});
export type GateConfirmationView = z.infer<typeof GateConfirmationViewSchema>;

/**
 * Pushed to agents when the user's settings changed, with who now answers confirmations:
 * an MCP server lists `confirm` only where agents may answer, so it lists its tools again.
 */
export const PolicyChangedEventSchema = z.object({
  kind: z.literal("policy:changed"),
  confirmations: ConfirmationsModeSchema,
});
export type PolicyChangedEvent = z.infer<typeof PolicyChangedEventSchema>;

/** Pushed to agents when the user answered a held-back browser.* write in the side panel. */
export const ConfirmationAnsweredEventSchema = z.object({
  kind: z.literal("confirmation:answered"),
  id: z.string(),
  tool: z.string(),
  allowed: z.boolean(),
  /** Who asked for it, so an agent can tell its own. */
  requester: RequesterSchema.nullable(),
  /** The replayed call's result when allowed and it succeeded. */
  result: z.unknown().optional(),
  /** Why the allowed replay failed (the page changed meanwhile, ...). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
