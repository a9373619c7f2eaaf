import { z } from "zod";
import { RefSchema } from "../primitives.js";

/** Content-script ops behind the L2 pointer and image tools: where an element is, what lies under a point. */
export const PointerContentRequestSchemas = [
  /** A ref's border box in top-frame viewport CSS px; `reveal` scrolls it into view first when it is not fully visible. */
  z.object({ op: z.literal("element_box"), ref: RefSchema, reveal: z.boolean() }),
  /** The element at a top-frame viewport point, looking through shadow roots and same-origin frames. */
  z.object({ op: z.literal("element_at"), x: z.number(), y: z.number() }),
  /**
   * Right before a coordinate write presses or drops at a top-frame viewport point, after the pointer
   * moved there: the control under it is still the one judged there (describe_ref, element_at), as judged.
   */
  z.object({ op: z.literal("check_point"), x: z.number(), y: z.number(), purpose: z.enum(["click", "drag", "drop"]) }),
] as const;

const ViewportSchema = z.object({ width: z.number(), height: z.number() });

export const PointerContentResultSchemas = {
  element_box: z.object({
    ref: z.string(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    devicePixelRatio: z.number(),
    scrollX: z.number(),
    scrollY: z.number(),
    viewport: ViewportSchema,
  }),
  check_point: z.object({ x: z.number(), y: z.number() }),
  element_at: z.object({
    tag: z.string(),
    role: z.string().optional(),
    name: z.string().optional(),
    viewport: ViewportSchema,
  }),
} as const;
