import { z } from "zod";
import { COMMANDS, leadParagraph, type CapabilityGroup, type CommandSpec, type CommandType } from "../../protocol/index.js";
import { compactInputSchema } from "./compactSchema.js";

/** One MCP tool, derived from one entry of protocol/'s command table. */
export interface McpToolEntry {
  name: string;
  type: CommandType;
  group: CapabilityGroup;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
}

/**
 * MCP tool names allow no dots in most hosts: `browser.snapshot` is `snapshot` (the
 * browser is what this server is about), every other `group.verb` is `group_verb`.
 */
export function mcpToolName(type: CommandType): string {
  return type.startsWith("browser.") ? type.slice("browser.".length) : type.replace(".", "_");
}

function inputSchemaOf(type: CommandType, spec: CommandSpec): McpToolEntry["inputSchema"] {
  const schema = compactInputSchema(z.toJSONSchema(spec.payload, { io: "input", unrepresentable: "any" }));
  // MCP requires an object at the top; every payload is one, and a meta-test keeps it so.
  if (schema.type !== "object") throw new Error(`${type}: payload is not a JSON Schema object`);
  return schema as McpToolEntry["inputSchema"];
}

function buildCatalog(): McpToolEntry[] {
  return Object.entries(COMMANDS).map(([key, value]) => {
    const type = key as CommandType;
    const spec: CommandSpec = value;
    return {
      name: mcpToolName(type),
      type,
      group: spec.group,
      description: leadParagraph(spec.description),
      inputSchema: inputSchemaOf(type, spec),
      annotations: { readOnlyHint: spec.effects === "read", destructiveHint: spec.effects === "write", openWorldHint: true },
    };
  });
}

let catalog: McpToolEntry[] | undefined;

/** Every socket command as an MCP tool, in the command table's order. */
export function mcpTools(): readonly McpToolEntry[] {
  catalog ??= buildCatalog();
  return catalog;
}

export function findMcpTool(name: string): McpToolEntry | undefined {
  return mcpTools().find((tool) => tool.name === name);
}
