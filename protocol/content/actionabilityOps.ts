import { z } from "zod";
import { RefSchema } from "../primitives.js";
import { ObservationSchema, PageActivitySchema, UploadFileContentSchema } from "./pageShapes.js";

export const ActionPurposeSchema = z.enum(["click", "hover", "type", "drag"]);

/** Content-script ops behind actionability, waiting and the L1 widget tools. */
export const ActionabilityContentRequestSchemas = [
  /** Scroll into view, check attached/visible/stable/enabled(/editable), hit-test; return the top-frame point, and with `highlight` the target's box for the worker's highlight. */
  /**
   * `exactPoint`: the caller aims trusted input at the answer's `point`, so a frame on the way that
   * cannot be mapped exactly (rotated, skewed, mirrored, 3D) is unsupported_frame rather than a guess.
   */
  z.object({
    op: z.literal("prepare_action"),
    ref: RefSchema,
    purpose: ActionPurposeSchema,
    exactPoint: z.boolean(),
    highlight: z.boolean().optional(),
    /** The agent's `force`: no wait for the box to stop moving; every other check stays. */
    force: z.boolean().optional(),
  }),
  z.object({
    op: z.literal("select_option"),
    ref: RefSchema,
    values: z.array(z.string()).optional(),
    labels: z.array(z.string()).optional(),
  }),
  z.object({ op: z.literal("scroll_to"), ref: RefSchema }),
  /**
   * Right before trusted input is pressed at `point` (top-frame viewport CSS px), after the pointer
   * moved there: the target is still the one prepared, clear at the point, and as the gatekeeper judged it.
   */
  z.object({
    op: z.literal("check_dispatch"),
    ref: RefSchema,
    point: z.object({ x: z.number(), y: z.number() }),
    purpose: ActionPurposeSchema,
  }),
  /**
   * Right before trusted keys or text go out: focus is still on the element focused for `ref`
   * (or, without one, the focused element the gatekeeper judged), which is as judged.
   */
  z.object({ op: z.literal("check_focus"), ref: RefSchema.optional(), purpose: z.enum(["key press", "typing"]) }),
  z.object({
    op: z.literal("wait_for"),
    text: z.string().optional(),
    textGone: z.string().optional(),
    timeoutMs: z.number().int().positive(),
  }),
  /**
   * `after`: epoch ms of a write's dispatch; the periods count from then, and changes since then count (see watch_mutations).
   * `observe`: when quiet, the observation (of that many chars) at that moment too, one round trip fewer; observe's `retract` takes it back.
   * `activitySince`: epoch ms of a write's start; the answer says what the page did since, at its end.
   */
  z.object({
    op: z.literal("dom_quiet"),
    quietMs: z.number().int().nonnegative(),
    maxMs: z.number().int().positive(),
    after: z.number().optional(),
    observe: z.number().int().positive().optional(),
    activitySince: z.number().optional(),
  }),
  /** Starts noting when the DOM last changed, before a write dispatches, so the settle's dom_quiet can count from the dispatch. */
  z.object({ op: z.literal("watch_mutations") }),
  z.object({ op: z.literal("prepare_typing"), ref: RefSchema, mode: z.enum(["replace", "append"]) }),
  z.object({ op: z.literal("read_value"), ref: RefSchema }),
  /** The target's box in the top frame's viewport, for the action highlight the worker draws outside the page. */
  z.object({ op: z.literal("highlight"), ref: RefSchema }),
  /** Assigns files to an <input type=file> through DataTransfer (not DOM.setFileInputFiles, which takes only paths on disk). */
  z.object({ op: z.literal("set_files"), ref: RefSchema, files: z.array(UploadFileContentSchema) }),
] as const;

const TargetSchema = z.object({ role: z.string(), name: z.string() });

/** A box in the top frame's viewport, CSS pixels. */
export const ViewportBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type ViewportBox = z.infer<typeof ViewportBoxSchema>;

export const ActionabilityContentResultSchemas = {
  prepare_action: z.object({
    ref: z.string(),
    target: TargetSchema,
    recovered: z.boolean(),
    /** Top-frame viewport CSS pixels, where trusted input should land; absent without `exactPoint` in a frame that cannot be mapped exactly. */
    point: z.object({ x: z.number(), y: z.number() }).optional(),
    /** With `highlight`: the target's box, when it can be mapped to the top frame. */
    highlightBox: ViewportBoxSchema.optional(),
    /** The link the target is or is inside: where a click on it would go by itself. */
    href: z.string().optional(),
  }),
  select_option: z.object({
    ref: z.string(),
    target: TargetSchema,
    recovered: z.boolean(),
    selected: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  scroll_to: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean(), inViewport: z.boolean() }),
  check_dispatch: z.object({ ref: z.string() }),
  check_focus: z.object({ ref: z.string().nullable() }),
  wait_for: z.object({ matched: z.boolean(), waitedMs: z.number() }),
  dom_quiet: z.object({
    quiet: z.boolean(),
    waitedMs: z.number(),
    observation: ObservationSchema.optional(),
    activity: PageActivitySchema.optional(),
  }),
  watch_mutations: z.object({ watching: z.boolean() }),
  prepare_typing: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean(), before: z.string() }),
  read_value: z.object({ ref: z.string(), value: z.string() }),
  highlight: z.object({ box: ViewportBoxSchema.nullable() }),
  set_files: z.object({
    ref: z.string(),
    target: TargetSchema,
    recovered: z.boolean(),
    files: z.array(z.object({ name: z.string(), size: z.number().int(), mimeType: z.string() })),
  }),
} as const;
