import { z } from "zod";
import { RefSchema, ScrollDirectionSchema, TypeModeSchema } from "../primitives.js";

/** Content-script ops that act on the page (issue: actions). */
export const InteractionContentRequestSchemas = [
  z.object({ op: z.literal("click"), ref: RefSchema }),
  z.object({ op: z.literal("type"), ref: RefSchema, text: z.string(), mode: TypeModeSchema }),
  z.object({ op: z.literal("focus"), ref: RefSchema }),
  z.object({ op: z.literal("scroll"), direction: ScrollDirectionSchema, amount: z.number().positive().optional(), ref: RefSchema.optional() }),
  /** The gatekeeper's view of a target: the ref's element, or the focused element without a ref. */
  z.object({ op: z.literal("describe_ref"), ref: RefSchema.optional() }),
] as const;

const TargetSchema = z.object({ role: z.string(), name: z.string() });

export const InteractionContentResultSchemas = {
  /** navigationStarted: the click began a navigation of the page (Navigation API "navigate"). */
  click: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean(), navigationStarted: z.boolean() }),
  type: z.object({ ref: z.string(), target: TargetSchema, value: z.string(), recovered: z.boolean() }),
  focus: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean() }),
  scroll: z.object({ scrollX: z.number(), scrollY: z.number(), moved: z.boolean(), atEnd: z.boolean() }),
  describe_ref: z.object({
    /** null when no ref was given and nothing is focused. */
    ref: z.string().nullable(),
    role: z.string(),
    name: z.string(),
    tag: z.string(),
    /** The input's type, or "" for other elements. */
    type: z.string(),
    /** Activating this element submits its form (a submit button or image input). */
    submitsForm: z.boolean(),
    inForm: z.boolean(),
    /** Its form contains a password field. */
    formHasPassword: z.boolean(),
    /** The form's resolved action URL. */
    formAction: z.string().optional(),
    /** Accessible name of the form's default submit button: what Enter in a field activates. */
    formSubmitName: z.string().optional(),
  }),
} as const;
