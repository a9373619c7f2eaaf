import { z } from "zod";
import type { ToolDescriptor } from "../../toolRegistry.js";
import { defineTool } from "../../toolRegistry.js";

/** Filled in by createToolRegistry once every tool is registered. */
let describeRegistered: () => ToolDescriptor[] = () => [];

export function setToolCatalog(describe: () => ToolDescriptor[]): void {
  describeRegistered = describe;
}

/** Every tool as protocol/ declares it, so agents can discover them without reading our docs. */
export const listToolsTool = defineTool({
  name: "browser.tools",
  run() {
    const tools = describeRegistered().map(({ name, level, effects, spec }) => ({
      name,
      level,
      effects,
      intent: spec.intent,
      aliases: [...spec.aliases],
      description: spec.description,
      example: spec.example,
      inputSchema: z.toJSONSchema(spec.payload, { io: "input", unrepresentable: "any" }),
    }));
    return Promise.resolve({ tools });
  },
});
