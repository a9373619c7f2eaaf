import type { z } from "zod";
import type { UntrustedSourceSchema } from "../../../../protocol/tools/perceptionTools.js";

/** The provenance every page-text result carries, so an agent knows which text the page wrote. */
export function untrustedSource(tabId: number, url: string): z.infer<typeof UntrustedSourceSchema> {
  return { source: "page", tabId, url };
}
