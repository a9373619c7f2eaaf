import { z } from "zod";
import { ClickOptionsShape, LooseBooleanSchema, RefSchema, ScrollDirectionSchema, TabIdSchema, TypeModeSchema, tabScoped, type CommandSpec } from "./primitives.js";
import { ActionEffectsSchema, DialogRecordSchema } from "./tools/actionEffects.js";
import { SnapshotFieldsSchema } from "./snapshotShapes.js";
import { ExtractPayloadSchema, ExtractResultSchema, PERCEPTION_TOOL_COMMANDS } from "./tools/perceptionTools.js";
export { ExtractPayloadSchema, ExtractResultSchema } from "./tools/perceptionTools.js";
import { TAB_TOOL_COMMANDS } from "./tools/tabTools.js";
import { INTERACTION_TOOL_COMMANDS } from "./tools/interactionTools.js";
import { GATEKEEPER_TOOL_COMMANDS } from "./tools/gatekeeperTools.js";
import { DIAGNOSTICS_TOOL_COMMANDS } from "./tools/diagnosticsTools.js";
import { ImageResultSchema, POINTER_TOOL_COMMANDS, PointerScreenshotPayloadSchema } from "./tools/pointerTools.js";
import { DEEP_TOOL_COMMANDS, SnapshotSourceSchema } from "./tools/deepTools.js";
import { UPLOAD_TOOL_COMMANDS } from "./tools/uploadTools.js";

export { LooseBooleanSchema, RefSchema, ScrollDirectionSchema, TabIdSchema, TypeModeSchema } from "./primitives.js";

/**
 * Payload and result of every socket command. The bridge validates payloads before
 * forwarding and results before answering; the extension validates payloads again.
 */

export const BridgeHealthPayloadSchema = z.strictObject({});
export const BridgeHealthResultSchema = z.object({
  ok: z.boolean(),
  protocolVersion: z.number().int(),
  bridge: z.object({
    version: z.string(),
    pid: z.number().int(),
    socket: z.string(),
    uptimeMs: z.number(),
    authRequired: z.boolean(),
    agentConnections: z.number().int(),
  }),
  extension: z.object({
    connected: z.boolean(),
    version: z.string().nullable(),
    connectedAt: z.string().nullable(),
    disconnectedAt: z.string().nullable(),
  }),
});

export const NavigatePayloadSchema = z.strictObject({ url: z.string().min(1).max(2_097_152), ...tabScoped });
export const NavigateResultSchema = z.object({ tabId: TabIdSchema, url: z.string(), title: z.string() });

export const SnapshotPayloadSchema = z.strictObject({
  ...tabScoped,
  maxChars: z.number().int().min(500).max(500_000).optional(),
});
export const SnapshotResultSchema = SnapshotFieldsSchema.extend({
  tabId: TabIdSchema,
  /** "dom": the content script's snapshot; "cdp-ax": the CDP accessibility-tree fallback (deep refs). */
  source: SnapshotSourceSchema.optional(),
  /** Dialogs an agent tab raised outside any action (a timer's alert), answered so the page went on. */
  dialogs: z.array(DialogRecordSchema).optional(),
});

export const ClickPayloadSchema = z.strictObject({ ref: RefSchema, reason: z.string().max(500).optional(), ...ClickOptionsShape, ...tabScoped });
export const ClickResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: z.object({ role: z.string(), name: z.string() }),
  recovered: z.boolean(),
  /** "synthetic" DOM events for a plain left click; "trusted" CDP input for other buttons, counts or modifiers. */
  input: z.enum(["synthetic", "trusted"]),
});

export const TypePayloadSchema = z.strictObject({
  ref: RefSchema,
  /** Large enough that a paste-sized text still fits; the bridge splits it past 1 MB. */
  text: z.string().max(2_000_000),
  mode: TypeModeSchema.default("replace"),
  submit: LooseBooleanSchema.default(false),
  ...tabScoped,
});
export const TypeResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: z.object({ role: z.string(), name: z.string() }),
  value: z.string(),
  submitted: z.boolean(),
  recovered: z.boolean(),
  /** Set when the synthetic entry visibly failed and the call escalated once to trusted input. */
  escalated: z.literal("type_trusted").optional(),
});

export const PressPayloadSchema = z.strictObject({ key: z.string().min(1).max(100), ref: RefSchema.optional(), ...tabScoped });
export const PressResultSchema = ActionEffectsSchema.extend({ tabId: TabIdSchema, key: z.string() });

export const ScrollPayloadSchema = z.strictObject({
  direction: ScrollDirectionSchema,
  /** Pixels; defaults to 80% of the viewport (or of the element) along that axis. */
  amount: z.number().positive().max(1_000_000).optional(),
  ref: RefSchema.optional(),
  ...tabScoped,
});
export const ScrollResultSchema = z.object({
  tabId: TabIdSchema,
  scrollX: z.number(),
  scrollY: z.number(),
  moved: z.boolean(),
  atEnd: z.boolean(),
});

/** Viewport, full page or a ref's box; declared with the other image tools in tools/pointerTools.ts. */
export const ScreenshotPayloadSchema = PointerScreenshotPayloadSchema;
export const ScreenshotResultSchema = ImageResultSchema;

export const TaskIdPayloadSchema = z.strictObject({ id: z.string().min(1) });


/** Every command the socket knows. Anything else answers unknown_command. */
export const COMMANDS = {
  "bridge.health": { payload: BridgeHealthPayloadSchema, result: BridgeHealthResultSchema, handledBy: "bridge" },
  "browser.navigate": { payload: NavigatePayloadSchema, result: NavigateResultSchema, handledBy: "extension" },
  "browser.snapshot": { payload: SnapshotPayloadSchema, result: SnapshotResultSchema, handledBy: "extension" },
  "browser.click": { payload: ClickPayloadSchema, result: ClickResultSchema, handledBy: "extension" },
  "browser.type": { payload: TypePayloadSchema, result: TypeResultSchema, handledBy: "extension" },
  "browser.press": { payload: PressPayloadSchema, result: PressResultSchema, handledBy: "extension" },
  "browser.scroll": { payload: ScrollPayloadSchema, result: ScrollResultSchema, handledBy: "extension" },
  "browser.screenshot": { payload: ScreenshotPayloadSchema, result: ScreenshotResultSchema, handledBy: "extension" },
  "browser.extract": { payload: ExtractPayloadSchema, result: ExtractResultSchema, handledBy: "extension" },
  ...PERCEPTION_TOOL_COMMANDS,
  ...TAB_TOOL_COMMANDS,
  ...INTERACTION_TOOL_COMMANDS,
  ...UPLOAD_TOOL_COMMANDS,
  ...GATEKEEPER_TOOL_COMMANDS,
  ...DIAGNOSTICS_TOOL_COMMANDS,
  ...POINTER_TOOL_COMMANDS,
  ...DEEP_TOOL_COMMANDS,
  "tasks.list": { payload: z.strictObject({}), result: z.unknown(), handledBy: "unimplemented" },
  "tasks.get": { payload: TaskIdPayloadSchema, result: z.unknown(), handledBy: "unimplemented" },
  "tasks.start": { payload: z.record(z.string(), z.unknown()), result: z.unknown(), handledBy: "unimplemented" },
  "tasks.stop": { payload: TaskIdPayloadSchema, result: z.unknown(), handledBy: "unimplemented" },
  "tasks.pause": { payload: TaskIdPayloadSchema, result: z.unknown(), handledBy: "unimplemented" },
  "tasks.resume": { payload: TaskIdPayloadSchema, result: z.unknown(), handledBy: "unimplemented" },
  "tasks.confirm": { payload: z.strictObject({ id: z.string().min(1), allow: z.boolean() }), result: z.unknown(), handledBy: "unimplemented" },
  "tasks.wait": { payload: TaskIdPayloadSchema, result: z.unknown(), handledBy: "unimplemented" },
} as const satisfies Record<string, CommandSpec>;

export type CommandType = keyof typeof COMMANDS;
export type BrowserCommandType = Extract<CommandType, `browser.${string}`>;
export type CommandPayload<T extends CommandType> = z.output<(typeof COMMANDS)[T]["payload"]>;
export type CommandPayloadInput<T extends CommandType> = z.input<(typeof COMMANDS)[T]["payload"]>;
export type CommandResult<T extends CommandType> = z.output<(typeof COMMANDS)[T]["result"]>;

export function isCommandType(type: string): type is CommandType {
  return Object.hasOwn(COMMANDS, type);
}

export const BROWSER_COMMAND_TYPES = Object.keys(COMMANDS).filter((type): type is BrowserCommandType =>
  type.startsWith("browser."),
);
