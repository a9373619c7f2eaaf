import { z } from "zod";
import type { SchemaFactories } from "../lazySchemas.js";
import { refSchema } from "./requestFields.js";

/** Content-script ops behind the L2 pointer and image tools: where an element is, what lies under a point. */
export const pointerContentRequests = {
  /** A ref's border box in top-frame viewport CSS px; `reveal` scrolls it into view first when it is not fully visible. */
  element_box: () => z.object({ op: z.literal("element_box"), ref: refSchema(), reveal: z.boolean() }),
  /** The element at a top-frame viewport point, looking through shadow roots and same-origin frames. */
  element_at: () => z.object({ op: z.literal("element_at"), x: z.number(), y: z.number() }),
  /**
   * Right before a coordinate write presses or drops at a top-frame viewport point, after the pointer
   * moved there: the control under it is still the one judged there (describe_ref, element_at), as judged.
   */
  check_point: () => z.object({ op: z.literal("check_point"), x: z.number(), y: z.number(), purpose: z.enum(["click", "drag", "drop"]) }),
} satisfies SchemaFactories;
