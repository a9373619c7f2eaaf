import { z } from "zod";
import { expandCapabilityRequest } from "../../../../protocol/index.js";
import type { ToolDescriptor } from "../../toolRegistry.js";
import { defineTool } from "../../toolRegistry.js";

/** Filled in by createToolRegistry once every tool is registered. */
let describeRegistered: () => ToolDescriptor[] = () => [];

export function setToolCatalog(describe: () => ToolDescriptor[]): void {
  describeRegistered = describe;
}

/**
 * Every tool as protocol/ declares it, so agents can discover them without reading our docs;
 * with `caps`, only the groups an MCP host with the same --caps would be offered.
 */
export const listToolsTool = defineTool({
  name: "browser.tools",
  run({ caps }) {
    const groups = caps === undefined ? null : expandCapabilityRequest(caps);
    const tools = describeRegistered()
      .filter(({ spec }) => groups === null || groups.has(spec.group))
      .map(({ name, level, effects, spec }) => ({
        name,
        level,
        effects,
        intent: spec.intent,
        recovery: spec.recovery,
        trust: spec.trust,
        aliases: [...spec.aliases],
        group: spec.group,
        description: spec.description,
        example: spec.example,
        inputSchema: z.toJSONSchema(spec.payload, { io: "input", unrepresentable: "any" }),
      }));
    return Promise.resolve({ tools });
  },
});
