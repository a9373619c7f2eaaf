import { z } from "zod";
import type { SchemaFactories } from "../lazySchemas.js";

/**
 * Content-script ops of the gatekeeper's send hold (docs/security.md): while an agent drives a
 * tab, a POST form navigation to a consequential URL that the write's own target did not
 * foresee (a script's form.submit() or requestSubmit()) is cancelled before it leaves and
 * reported, so the gatekeeper can ask for confirmation instead.
 */
export const holdContentRequests = {
  /**
   * Holds sends in these categories for `forMs` from now (0: stop holding), answering what was
   * held and not yet reported. Armed once for a run of writes, not per write: each reply of the
   * page carries what it held since its last reply (ContentPortReplySchema's `held`).
   * steps: the URLs of the target's own form sends the gatekeeper judged a wizard's step before
   * its last (docs/gatekeeper.md): a POST form navigation to exactly one of them is not held for
   * `stepsForMs` (the write's time); an arming without them ends any earlier write's.
   */
  form_send_hold: () =>
    z.object({
      op: z.literal("form_send_hold"),
      categories: z.array(z.enum(["purchase", "account"])).max(2),
      forMs: z.number().int().nonnegative().max(3_600_000),
      steps: z.array(z.string().max(2048)).max(16).optional(),
      stepsForMs: z.number().int().nonnegative().max(3_600_000).optional(),
    }),
} satisfies SchemaFactories;
