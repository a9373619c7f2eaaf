import { z } from "zod";

/**
 * The capability groups an MCP host (`weboperator mcp --caps a,b`) or `browser.tools`
 * ({caps}) can ask for. "core" is always on: the tools an agent needs on most pages.
 * "all" names every group at once.
 */
export const CAPABILITY_GROUP_NAMES = [
  "core",
  "read",
  "input",
  "deep",
  "devtools",
  "browserdata",
  "policy",
  "bridge",
  "tasks",
  "browseruse",
  "body",
] as const;
export const CapabilityGroupSchema = z.enum(CAPABILITY_GROUP_NAMES);
export type CapabilityGroup = z.infer<typeof CapabilityGroupSchema>;

/** What a host writes after --caps: group names, or "all". */
export const CapabilityRequestSchema = z.array(z.enum([...CAPABILITY_GROUP_NAMES, "all"])).max(CAPABILITY_GROUP_NAMES.length + 1);
export type CapabilityRequest = z.infer<typeof CapabilityRequestSchema>;

/** The groups a request names, "core" always among them. */
export function expandCapabilityRequest(request: CapabilityRequest): ReadonlySet<CapabilityGroup> {
  if (request.includes("all")) return new Set(CAPABILITY_GROUP_NAMES);
  return new Set<CapabilityGroup>(["core", ...request.filter((name): name is CapabilityGroup => name !== "all")]);
}
