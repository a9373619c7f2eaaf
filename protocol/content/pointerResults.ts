import { z } from "zod";
import { lazySchema, type SchemaFactory } from "../lazySchemas.js";
import type { pointerContentRequests } from "./pointerRequests.js";

const viewportSchema = lazySchema(() => z.object({ width: z.number(), height: z.number() }));

export const pointerContentResults = {
  element_box: () =>
    z.object({
      ref: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      devicePixelRatio: z.number(),
      scrollX: z.number(),
      scrollY: z.number(),
      viewport: viewportSchema(),
    }),
  check_point: () => z.object({ x: z.number(), y: z.number() }),
  element_at: () =>
    z.object({
      tag: z.string(),
      role: z.string().optional(),
      name: z.string().optional(),
      viewport: viewportSchema(),
    }),
} satisfies Record<keyof typeof pointerContentRequests, SchemaFactory>;
