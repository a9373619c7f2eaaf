import { z } from "zod";
import type { SchemaFactory } from "../lazySchemas.js";
import type { holdContentRequests } from "./holdRequests.js";

/** Form sends the page's hold cancelled: where each was going, and the category that held it. */
export const heldFormSendsSchema = () =>
  z.array(z.object({ url: z.string().max(2048), category: z.enum(["purchase", "account"]) })).max(20);

export const holdContentResults = {
  form_send_hold: () => z.object({ held: heldFormSendsSchema() }),
} satisfies Record<keyof typeof holdContentRequests, SchemaFactory>;
