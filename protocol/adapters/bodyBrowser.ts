import { z } from "zod";
import { TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { SnapshotViewportSchema } from "../snapshotElements.js";
import {
  BodyActCommandPayloadSchema,
  BodyActionOutcomeSchema,
  BodyActionTypeSchema,
  BodyReplayPayloadSchema,
  BodyReplayResultSchema,
  BodyStateHashSchema,
} from "./bodyActions.js";
import { AgentInfoSchema } from "../agents.js";
import { GovernanceDeclarationSchema } from "../governance.js";
export * from "./bodyActions.js";

/**
 * &body.browser (docs/adapters.md): perceive, act, affordances, encode_state
 * and replay, as a translation over browser.snapshot {elements: true}. Refs are `@eN`,
 * numbered in document order per perception.
 */

export const BodyRefSchema = z.object({
  ref: z.string(),
  role: z.string(),
  name: z.string(),
  tag: z.string(),
  states: z.array(z.string()),
  disabled: z.boolean(),
});

export const BodyObservationSchema = z.object({
  tabId: TabIdSchema,
  url: z.string(),
  state_hash: BodyStateHashSchema,
  viewport: SnapshotViewportSchema,
  document: z.object({ title: z.string(), truncated: z.boolean() }),
  /** The snapshot text with `[ref=@eN]`. */
  a11y_tree: z.string(),
  refs: z.array(BodyRefSchema),
});

export const BodyAffordanceSetSchema = z.object({
  tabId: TabIdSchema,
  state_hash: BodyStateHashSchema,
  /** Actions on the page as a whole. */
  page: z.array(BodyActionTypeSchema),
  /** Each element in the snapshot and the typed actions valid on it now (a disabled control has none but hover). */
  elements: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string(), actions: z.array(BodyActionTypeSchema) })),
  /** Each form and whether it can be submitted now (an enabled submit control inside it). */
  forms: z.array(z.object({ name: z.string(), submit: z.boolean(), submit_ref: z.string().optional() })),
});

const PerceptionQuerySchema = z.strictObject({ ...tabScoped });

const BodyOperationSchema = z.object({
  in: z.string(),
  out: z.string(),
  /** The socket command (and MCP tool, CLI verb) that performs the operation. */
  command: z.string(),
});

/** The capability contract &body.browser declares, with where each operation is served. */
export const BodyCapabilitySchema = z.object({
  capability: z.literal("&body.browser"),
  version: z.string(),
  provider: z.string(),
  operations: z.object({
    perceive: BodyOperationSchema,
    act: BodyOperationSchema,
    affordances: BodyOperationSchema,
    encode_state: BodyOperationSchema,
    replay: BodyOperationSchema,
  }),
  accepts_from: z.array(z.string()),
  feeds_into: z.array(z.string()),
  /** The closed set of typed actions `act` takes. */
  action_types: z.array(BodyActionTypeSchema),
  /** How `encode_state` hashes a page, so another provider can produce equal hashes. */
  state_encoding: z.string(),
});
export type BodyCapability = z.infer<typeof BodyCapabilitySchema>;

/**
 * The contract itself. Consumers (episodic memory, planners, telemetry) read it to know what
 * this body takes and gives without knowing which browser driver is behind it.
 */
export const BODY_BROWSER_CAPABILITY: BodyCapability = {
  capability: "&body.browser",
  version: "0.1.0",
  provider: "weboperator",
  operations: {
    perceive: { in: "perception_query", out: "browser_observation", command: "body.perceive" },
    act: { in: "typed_action", out: "action_outcome", command: "body.act" },
    affordances: { in: "scope_query", out: "affordance_set", command: "body.affordances" },
    encode_state: { in: "perception_query", out: "state_hash", command: "body.encode_state" },
    replay: { in: "interaction_trace", out: "replay_result", command: "body.replay" },
  },
  accepts_from: [
    "&memory.episodic",
    "&reason.plan",
    "&govern.telemetry",
    "&govern.identity",
    "context",
    "typed_action",
    "interaction_trace",
  ],
  feeds_into: ["&memory.episodic", "&reason.*", "&govern.telemetry", "output"],
  action_types: BodyActionTypeSchema.options,
  state_encoding: "sha256(canonical_json({url, a11y_tree_structure, viewport_hash}))",
};

export const BODY_BROWSER_COMMANDS = {
  "body.capability": command({
    payload: z.strictObject({}),
    result: BodyCapabilitySchema,
    handledBy: "bridge",
    group: "body",
    description:
      "The &body.browser capability contract: its five operations, their types, and what it takes and feeds.\n\nAnswers {capability, version, provider, operations {perceive, act, affordances, encode_state, replay} each with its in and out types and the command that serves it, accepts_from, feeds_into, action_types (the closed set of 17), state_encoding}. Touches no page.",
    example: {},
    effects: "read",
    gated: false,
  }),
  "body.declare": command({
    // The seed's whole agent declaration may be sent as it is; only `governance` is acted on.
    payload: z.strictObject({
      $schema: z.string().optional(),
      agent: z.string().max(200).optional(),
      version: z.string().max(50).optional(),
      capabilities: z.record(z.string(), z.unknown()).optional(),
      governance: GovernanceDeclarationSchema,
    }),
    result: z.object({ agent: AgentInfoSchema }),
    handledBy: "bridge",
    group: "body",
    description:
      "Declares your governance (authorized domains, credential forms, escalation below a confidence); enforced on every call.\n\nThe block is {hard?, authorized_domains?, escalate_when? {confidence_below}}, the &body.browser declaration's (the whole declaration may be sent). The gatekeeper enforces it on every call of the agent and of tasks it starts: pages and URLs outside authorized_domains are policy_denied, a form with a password field is submitted only after a confirmation, and body.act with a confidence below the threshold is held as an escalation confirmation. A hard rule WebOperator cannot enforce is bad_request; a later declaration may only narrow (policy_denied). Answers {agent} with the governance in force.",
    example: {
      governance: {
        hard: ["Never navigate to URLs outside the authorized domain set"],
        authorized_domains: ["*.example.com"],
        escalate_when: { confidence_below: 0.7 },
      },
    },
    effects: "read",
  }),
  "body.perceive": command({
    trust: "page",
    payload: PerceptionQuerySchema,
    result: BodyObservationSchema,
    handledBy: "bridge",
    group: "body",
    description:
      "The &body.browser observation of the tab, with @eN refs.\n\nAnswers {tabId, url, state_hash, viewport, document, a11y_tree (snapshot text with @eN refs), refs [{ref, role, name, tag, states, disabled}]}.",
    example: {},
    effects: "read",
  }),
  "body.encode_state": command({
    payload: PerceptionQuerySchema,
    result: z.object({ tabId: TabIdSchema, state_hash: BodyStateHashSchema }),
    handledBy: "bridge",
    group: "body",
    description:
      'The &body.browser state hash of the page.\n\nsha256(canonical_json({url, a11y_tree_structure, viewport_hash})) as "sha256:<hex>": the same page state gives the same hash in any tab of the same viewport width and orientation; text, values and refs are not in the structure.',
    example: {},
    effects: "read",
  }),
  "body.affordances": command({
    trust: "page",
    payload: PerceptionQuerySchema,
    result: BodyAffordanceSetSchema,
    handledBy: "bridge",
    group: "body",
    description:
      "The typed &body.browser actions valid now.\n\nAnswers {tabId, state_hash, page, elements [{ref, role, name, actions}], forms [{name, submit, submit_ref?}]}. A disabled control has no click; a form without an enabled submit control has no submit.",
    example: {},
    effects: "read",
  }),
  "body.act": command({
    trust: "page",
    payload: BodyActCommandPayloadSchema,
    result: BodyActionOutcomeSchema,
    handledBy: "bridge",
    group: "body",
    description:
      'One typed &body.browser action on a ref or a semantic locator.\n\nThe closed v0.1 set: click, dblclick, hover, focus, fill, type, press, check, uncheck, select, upload, scroll, scrollintoview, drag, navigate, wait, screenshot, on target_ref (@eN) or semantic_locator {role, name, occurrence}. Answers the action_outcome {tabId, status, state_before, state_after, edge (InteractionTrace), provenance {provider, capability, operation, timestamp, agent_id, trace_id}, error?, screenshot?}. A stale @eN (stale_ref), a locator matching nothing (not_found), an expect_state the page no longer has (state_diverged) and a refused browser command are status "failure" outcomes with provenance, and send the body:surprise event; only malformed input is a socket error.',
    example: { type: "click", target_ref: "@e5" },
    effects: "write",
    intent: "composes",
  }),
  "body.replay": command({
    trust: "page",
    payload: BodyReplayPayloadSchema,
    result: BodyReplayResultSchema,
    handledBy: "bridge",
    group: "body",
    description:
      "Replays an InteractionTrace, re-perceiving before every step.\n\nIt takes body.act edges or a task trace's edges. Targets are found by semantic locator (never by a recorded ref), and it stops at the first step whose state hash differs from the record: {tabId, ok, status, failed_step?, error?, steps, final_state, provenance}.",
    example: { edges: [{ state_before: null, typed_action: { type: "navigate", url: "https://example.com/" }, state_after: null }] },
    effects: "write",
    intent: "composes",
  }),
} as const satisfies Record<string, CommandSpec>;
