import { z } from "zod";
import { RefSchema, ScrollDirectionSchema, TypeModeSchema } from "../primitives.js";

/** Content-script ops that act on the page (issue: actions). */
export const InteractionContentRequestSchemas = [
  z.object({ op: z.literal("click"), ref: RefSchema }),
  z.object({ op: z.literal("type"), ref: RefSchema, text: z.string(), mode: TypeModeSchema }),
  z.object({ op: z.literal("focus"), ref: RefSchema }),
  z.object({ op: z.literal("scroll"), direction: ScrollDirectionSchema, amount: z.number().positive().optional(), ref: RefSchema.optional() }),
] as const;

const TargetSchema = z.object({ role: z.string(), name: z.string() });

export const InteractionContentResultSchemas = {
  /** navigationStarted: the click began a navigation of the page (Navigation API "navigate"). */
  click: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean(), navigationStarted: z.boolean() }),
  type: z.object({ ref: z.string(), target: TargetSchema, value: z.string(), recovered: z.boolean() }),
  focus: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean() }),
  scroll: z.object({ scrollX: z.number(), scrollY: z.number(), moved: z.boolean(), atEnd: z.boolean() }),
} as const;
