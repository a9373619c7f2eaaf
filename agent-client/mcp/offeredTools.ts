import { expandCapabilityRequest, type CapabilityGroup, type CapabilityRequest } from "../../protocol/index.js";
import { mcpTools, type McpToolEntry } from "./toolCatalog.js";

/** Which tools one `weboperator mcp` process offers: its --caps, "core" always among them. */
export interface ToolOffer {
  groups: ReadonlySet<CapabilityGroup>;
  everything: boolean;
}

export function toolOfferOf(caps: CapabilityRequest): ToolOffer {
  return { groups: expandCapabilityRequest(caps), everything: caps.includes("all") };
}

/** Who may answer confirmations, as the user set it; null when the bridge could not say. */
export type ConfirmationsSetting = "agent" | "user" | null;

/**
 * The tools a host lists. `confirm` is listed only where the user lets agents answer
 * confirmations: elsewhere it can only fail, and its description would cost every turn.
 */
export function offeredTools(offer: ToolOffer, confirmations: ConfirmationsSetting): McpToolEntry[] {
  return mcpTools().filter((tool) => {
    if (!offer.groups.has(tool.group)) return false;
    return tool.type !== "browser.confirm" || offer.everything || confirmations === "agent";
  });
}

/** Why a tool this process does not offer cannot run, and how to get it. */
export function notOfferedMessage(name: string): string {
  const tool = mcpTools().find((entry) => entry.name === name);
  if (tool === undefined) return `No tool "${name}"; list the tools for the names.`;
  return `The tool "${name}" is in the capability group "${tool.group}", which this server does not offer: start it as \`weboperator mcp --caps ${tool.group}\` (or --caps all).`;
}
