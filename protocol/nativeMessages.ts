import { z } from "zod";
import { ConfirmationRequestSchema } from "./confirmation.js";
import { ErrorCodeSchema, FailureStageSchema } from "./errorCodes.js";
import { PanelBridgeRequestSchema } from "./panel/panelShapes.js";
import { RequesterSchema } from "./panel/panelConfirmations.js";
import { AgentIdentitySchema } from "./agents.js";
import { HopsSchema } from "./hopSchemas.js";
import { FirstLookCharsSchema } from "./snapshotShapes.js";

/**
 * Messages on the native-messaging link between the bridge (host) and the extension's
 * service worker. Distinct from the agent envelope so neither side can be confused for
 * the other.
 */

/** What the bridge vouches for beyond the payload; see BridgeToExtensionRequest's uploadGrant. */
export const UploadGrantSchema = z.literal("task_attachments");
export type UploadGrant = z.infer<typeof UploadGrantSchema>;

export const BridgeToExtensionRequestSchema = z.object({
  kind: z.literal("request"),
  id: z.string().min(1),
  type: z.string().min(1),
  payload: z.record(z.string(), z.unknown()),
  /** The tab this agent connection last used; applies only when the payload names no tabId. */
  defaultTabId: z.number().int().nonnegative().optional(),
  /** The agent this request acts for: its tabs are its own (tab_owned_by_other_agent), its tab group holds them. */
  agent: AgentIdentitySchema.optional(),
  /** Milliseconds the extension has before the bridge gives up on this request. */
  budgetMs: z.number().int().positive(),
  /** The agent connection (or task) the request comes from: named in highlights and confirmations. */
  requester: RequesterSchema.optional(),
  /**
   * Set only by the bridge's task engine: the upload's bytes are the requesting task's own
   * attachments, which the user gave to that task, so the upload needs no allowUploads.
   * Socket payloads never reach this field: the bridge builds the envelope itself.
   */
  uploadGrant: UploadGrantSchema.optional(),
  /** The agent asked for a hop trace: the response carries the extension's step durations. */
  traceHops: z.boolean().optional(),
  /** The agent's `firstLook` request option, passed on as it asked it (AgentRequestSchema). */
  firstLook: FirstLookCharsSchema.optional(),
  /**
   * Set only by the bridge: the agent's own governance asks a person before this write
   * (body.act below its escalate_when.confidence_below); the gatekeeper holds it as an
   * `escalation` confirmation. The reason is shown to the person.
   */
  escalation: z.string().min(1).max(500).optional(),
});

export const BridgeWelcomeSchema = z.object({
  kind: z.literal("welcome"),
  bridgeVersion: z.string(),
  protocolVersion: z.number().int(),
  /**
   * Ids of the anonymous and task agents this bridge has now. The extension releases tabs
   * held by anonymous or task agents not listed (an earlier bridge's, gone with it).
   */
  liveAgents: z.array(z.string()).optional(),
});

/** An anonymous agent disconnected or a task ended: its tabs leave its group and belong to no one. */
export const BridgeAgentReleasedSchema = z.object({ kind: z.literal("agent_released"), agentId: z.string().min(1) });

export const BridgeCancelSchema = z.object({ kind: z.literal("cancel"), id: z.string().min(1) });

/** One slice of a message too big for Chrome's 1 MB host-to-extension limit. */
export const ChunkSchema = z.object({
  kind: z.literal("chunk"),
  messageId: z.string().min(1),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  data: z.string(),
});

/** Something the side panel shows changed in the bridge (a task event, an agent came or went, Stop all). */
export const BridgePushSchema = z.object({
  kind: z.literal("push"),
  changed: z.enum(["tasks", "agents", "paused"]),
  /** Tasks waiting for a confirmation right now: part of the toolbar badge's count. */
  waitingTasks: z.number().int().nonnegative(),
});

/** The bridge's answer to a panel request the extension relayed. */
export const PanelResponseSchema = z.discriminatedUnion("ok", [
  z.object({ kind: z.literal("panel_response"), id: z.string(), ok: z.literal(true), result: z.unknown() }),
  z.object({ kind: z.literal("panel_response"), id: z.string(), ok: z.literal(false), code: ErrorCodeSchema, error: z.string() }),
]);

export const BridgeToExtensionMessageSchema = z.union([
  BridgeToExtensionRequestSchema,
  BridgeWelcomeSchema,
  BridgeCancelSchema,
  BridgeAgentReleasedSchema,
  ChunkSchema,
  BridgePushSchema,
  PanelResponseSchema,
]);
export type BridgeToExtensionMessage = z.infer<typeof BridgeToExtensionMessageSchema>;
export type BridgeToExtensionRequest = z.infer<typeof BridgeToExtensionRequestSchema>;
export type Chunk = z.infer<typeof ChunkSchema>;

export const ExtensionHelloSchema = z.object({
  kind: z.literal("hello"),
  extensionVersion: z.string(),
  protocolVersion: z.number().int(),
});

export const ExtensionResponseSchema = z.discriminatedUnion("ok", [
  z.object({ kind: z.literal("response"), id: z.string(), ok: z.literal(true), result: z.unknown(), hops: HopsSchema.optional() }),
  z.object({
    kind: z.literal("response"),
    id: z.string(),
    ok: z.literal(false),
    code: ErrorCodeSchema,
    error: z.string(),
    confirmation: ConfirmationRequestSchema.optional(),
    stage: FailureStageSchema.optional(),
  }),
]);

export const ExtensionEventSchema = z.object({
  kind: z.literal("event"),
  event: z.object({ kind: z.string().min(1) }).catchall(z.unknown()),
});

/** A side-panel request, relayed by the service worker; the bridge answers with panel_response. */
export const PanelRequestSchema = z.object({
  kind: z.literal("panel_request"),
  id: z.string().min(1).max(64),
  request: PanelBridgeRequestSchema,
});

/** Keyed on kind: a plain union would try (and build errors for) every earlier member on each response. */
export const ExtensionToBridgeMessageSchema = z.discriminatedUnion("kind", [
  ExtensionHelloSchema,
  ExtensionResponseSchema,
  ExtensionEventSchema,
  PanelRequestSchema,
]);
export type ExtensionToBridgeMessage = z.infer<typeof ExtensionToBridgeMessageSchema>;
