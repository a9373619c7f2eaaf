import { z } from "zod";
import type { SchemaFactories } from "../lazySchemas.js";

/**
 * Content-script ops of the gatekeeper's send hold (docs/security.md): while an agent's write
 * runs, a POST form navigation to a consequential URL that the write's own target did not
 * foresee (a script's form.submit() or requestSubmit()) is cancelled before it leaves and
 * reported, so the gatekeeper can ask for confirmation instead.
 */
export const holdContentRequests = {
  /**
   * arm: start holding sends in these categories; !arm: stop, and answer what was held.
   * steps: the URLs of the target's own form sends the gatekeeper judged a wizard's step before
   * its last (docs/gatekeeper.md): a POST form navigation to exactly one of them is not held.
   */
  form_send_hold: () =>
    z.object({
      op: z.literal("form_send_hold"),
      arm: z.boolean(),
      categories: z.array(z.enum(["purchase", "account"])).max(2),
      steps: z.array(z.string().max(2048)).max(16).optional(),
    }),
} satisfies SchemaFactories;
