import { z } from "zod";
import type { SchemaFactories } from "../lazySchemas.js";
import { refSchema, scrollDirectionSchema, typeModeSchema } from "./requestFields.js";

/** Content-script ops that act on the page (issue: actions). */
export const browserActionContentRequests = {
  click: () => z.object({ op: z.literal("click"), ref: refSchema() }),
  type: () => z.object({ op: z.literal("type"), ref: refSchema(), text: z.string(), mode: typeModeSchema() }),
  focus: () => z.object({ op: z.literal("focus"), ref: refSchema() }),
  scroll: () =>
    z.object({
      op: z.literal("scroll"),
      direction: scrollDirectionSchema(),
      amount: z.number().positive().optional(),
      ref: refSchema().optional(),
    }),
  /** The gatekeeper's view of a target: the ref's element, the control under a top-frame viewport point, or the focused element. */
  describe_ref: () =>
    z.object({ op: z.literal("describe_ref"), ref: refSchema().optional(), point: z.object({ x: z.number(), y: z.number() }).optional() }),
} satisfies SchemaFactories;
