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

/** One line per group, for `weboperator mcp --help` and errors naming the groups. */
export const CAPABILITY_GROUP_DESCRIPTIONS: Readonly<Record<CapabilityGroup, string>> = {
  core: "always on: navigate, back/forward, snapshot, click, type, press, select, hover, drag, scroll, wait, tabs, screenshot, extract, upload, confirm",
  read: "shaped snapshots (read_page), find_in_page, the user's selection",
  input: "trusted clicks and typing, focus, scroll_to, batches, coordinate mouse and keys, zoom, reload",
  deep: "the CDP accessibility tree across frames and closed shadow roots, deep-ref clicks",
  devtools: "run_javascript, console and network logs, downloads",
  browserdata: "history, bookmarks, top sites, closed sessions, tab groups, downloads, print to PDF",
  policy: "read and tighten the gatekeeper policy",
  bridge: "bridge health, agent naming, the browser tool catalog",
  tasks: "delegate a goal to the built-in task agent; learnt skills",
  browseruse: "the Browser-Use state/action protocol",
  body: "the &body.browser perceive/act/replay protocol",
};

/** The groups a request names, "core" always among them. */
export function expandCapabilityRequest(request: CapabilityRequest): ReadonlySet<CapabilityGroup> {
  if (request.includes("all")) return new Set(CAPABILITY_GROUP_NAMES);
  return new Set<CapabilityGroup>(["core", ...request.filter((name): name is CapabilityGroup => name !== "all")]);
}
