import { z } from "zod";
import type { SchemaFactory } from "../lazySchemas.js";
import type { holdContentRequests } from "./holdRequests.js";

export const holdContentResults = {
  form_send_hold: () =>
    z.object({
      held: z.array(z.object({ url: z.string().max(2048), category: z.enum(["purchase", "account"]) })).max(20),
    }),
} satisfies Record<keyof typeof holdContentRequests, SchemaFactory>;
