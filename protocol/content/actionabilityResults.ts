import { z } from "zod";
import { lazySchema, type SchemaFactory } from "../lazySchemas.js";
import { ActionTargetSchema } from "../primitives.js";
import type { actionabilityContentRequests } from "./actionabilityRequests.js";
import { describedTargetSchema } from "./browserActionResults.js";
import { ObservationSchema, PageActivitySchema } from "./pageShapes.js";

/** A box in the top frame's viewport, CSS pixels. */
const viewportBoxSchema = lazySchema(() => z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }));
export type ViewportBox = z.infer<ReturnType<typeof viewportBoxSchema>>;

export const actionabilityContentResults = {
  prepare_action: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      recovered: z.boolean(),
      /** Top-frame viewport CSS pixels, where trusted input should land; absent without `exactPoint` in a frame that cannot be mapped exactly. */
      point: z.object({ x: z.number(), y: z.number() }).optional(),
      /** With `highlight`: the target's box, when it can be mapped to the top frame. */
      highlightBox: viewportBoxSchema().optional(),
      /** The link the target is or is inside: where a click on it would go by itself. */
      href: z.string().optional(),
      /**
       * With `describe`: the target as describe_ref would answer it now, prepared (scrolled into
       * view, settled). Absent when the ref was recovered to another element.
       */
      described: describedTargetSchema().optional(),
    }),
  select_option: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      recovered: z.boolean(),
      selected: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  scroll_to: () => z.object({ ref: z.string(), target: ActionTargetSchema, recovered: z.boolean(), inViewport: z.boolean() }),
  check_dispatch: () => z.object({ ref: z.string() }),
  check_focus: () => z.object({ ref: z.string().nullable() }),
  wait_for: () => z.object({ matched: z.boolean(), waitedMs: z.number() }),
  dom_quiet: () =>
    z.object({
      quiet: z.boolean(),
      waitedMs: z.number(),
      observation: ObservationSchema.optional(),
      activity: PageActivitySchema.optional(),
    }),
  watch_mutations: () => z.object({ watching: z.boolean() }),
  /** selectAll "keyboard": the editor's text is out of the DOM selection's reach; trusted typing selects it with Control+A. */
  prepare_typing: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      recovered: z.boolean(),
      before: z.string(),
      selectAll: z.literal("keyboard").optional(),
    }),
  read_value: () => z.object({ ref: z.string(), value: z.string() }),
  field_state: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      /** "text": it takes typing; "choice": it takes select_option; "toggle": a checkbox, radio or switch; "other": none of these. */
      kind: z.enum(["text", "choice", "toggle", "other"]),
      /** For a toggle: whether it is checked now ("mixed" counts as not). */
      checked: z.boolean(),
    }),
  highlight: () => z.object({ box: viewportBoxSchema().nullable() }),
  set_files: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      recovered: z.boolean(),
      files: z.array(z.object({ name: z.string(), size: z.number().int(), mimeType: z.string() })),
    }),
} satisfies Record<keyof typeof actionabilityContentRequests, SchemaFactory>;
