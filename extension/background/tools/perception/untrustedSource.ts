import type { z } from "zod";
import type { UntrustedSourceSchema } from "../../../../protocol/tools/perceptionTools.js";

/** The provenance every page-text result carries (seed §7). */
export function untrustedSource(tabId: number, url: string): z.infer<typeof UntrustedSourceSchema> {
  return { source: "page", tabId, url };
}
