import { z } from "zod";
import { ErrorCodeSchema } from "../errorCodes.js";
import { PolicyGetResultSchema, UserPolicySettingsSchema } from "../tools/gatekeeperTools.js";
import { PanelBridgeRequestSchema } from "./panelShapes.js";
import { ConfirmationsModeSchema, GateConfirmationViewSchema } from "./panelConfirmations.js";

/**
 * chrome.runtime messages between the side panel page and the service worker. The panel
 * never talks to the bridge itself: the worker relays its bridge requests over the
 * native port, and answers the gatekeeper's own questions locally.
 */

export const PANEL_MESSAGE_CHANNEL = "weboperator.panel";

export const PanelLocalRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("gate_pending") }),
  z.object({ action: z.literal("gate_answer"), id: z.string().min(1).max(64), allow: z.boolean() }),
  z.object({ action: z.literal("policy") }),
  /**
   * The fields the person changed, and only those, laid over the user's settings as they are
   * when the write runs: a Save never writes back what the form drew earlier.
   */
  z.object({ action: z.literal("policy_update"), changes: UserPolicySettingsSchema }),
]);
export type PanelLocalRequest = z.infer<typeof PanelLocalRequestSchema>;

export const PanelLocalResultSchemas = {
  gate_pending: z.object({ confirmations: z.array(GateConfirmationViewSchema) }),
  gate_answer: z.object({ id: z.string(), allowed: z.boolean(), error: z.object({ code: z.string(), message: z.string() }).optional() }),
  policy: PolicyGetResultSchema.extend({ settings: UserPolicySettingsSchema, confirmationsDefault: ConfirmationsModeSchema }),
  policy_update: PolicyGetResultSchema.extend({ settings: UserPolicySettingsSchema }),
} as const satisfies Record<PanelLocalRequest["action"], z.ZodType>;

export const PanelRuntimeRequestSchema = z.object({
  channel: z.literal(PANEL_MESSAGE_CHANNEL),
  call: z.union([
    z.object({ to: z.literal("bridge"), request: PanelBridgeRequestSchema }),
    z.object({ to: z.literal("extension"), request: PanelLocalRequestSchema }),
  ]),
});
/** What the panel sends: command payloads before their defaults apply (the worker parses it). */
export type PanelRuntimeRequest = z.input<typeof PanelRuntimeRequestSchema>;

export const PanelRuntimeResponseSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), code: ErrorCodeSchema, error: z.string() }),
]);
export type PanelRuntimeResponse = z.infer<typeof PanelRuntimeResponseSchema>;

/** Sent by the worker to open panels when something they show changed: they re-read. */
export const PanelChangedSchema = z.object({
  channel: z.literal(PANEL_MESSAGE_CHANNEL),
  changed: z.enum(["tasks", "agents", "paused", "confirmations", "policy"]),
});
export type PanelChanged = z.infer<typeof PanelChangedSchema>;
