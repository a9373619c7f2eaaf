import { CAPABILITY_GROUP_NAMES, CapabilityRequestSchema, type CapabilityRequest } from "../../protocol/index.js";
import { MCP_CLIENT_KINDS, type McpClientKind } from "./mcpConfigText.js";
import { UsageError } from "./usageError.js";

/** `--caps tasks,deep` (or `all`): the capability groups beyond core. */
export function parseCaps(text: string | undefined): CapabilityRequest {
  if (text === undefined) return [];
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const parsed = CapabilityRequestSchema.safeParse(names);
  if (!parsed.success)
    throw new UsageError(`--caps takes a comma-separated list of ${CAPABILITY_GROUP_NAMES.join(", ")}, or all; got "${text}"`);
  return parsed.data;
}

export function parseMcpClient(text: string | undefined): McpClientKind {
  if (text === undefined) return "generic";
  const kind = MCP_CLIENT_KINDS.find((name) => name === text);
  if (kind === undefined) throw new UsageError(`--client is one of ${MCP_CLIENT_KINDS.join(", ")}; got "${text}"`);
  return kind;
}
