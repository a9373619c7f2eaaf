import { z } from "zod";
import { COMMANDS, isCommandType } from "../../../../protocol/index.js";
import type { ToolDescriptor } from "../../toolRegistry.js";
import { defineTool } from "../../toolRegistry.js";

/** Filled in by createToolRegistry once every tool is registered. */
let describeRegistered: () => ToolDescriptor[] = () => [];

export function setToolCatalog(describe: () => ToolDescriptor[]): void {
  describeRegistered = describe;
}

/** Every tool with its level, effects and input JSON Schema, so agents can discover them. */
export const listToolsTool = defineTool({
  name: "browser.tools",
  level: "L0",
  effects: "read",
  run() {
    const tools = describeRegistered()
      .filter((tool) => isCommandType(tool.name))
      .map((tool) => ({
        ...tool,
        inputSchema: isCommandType(tool.name) ? z.toJSONSchema(COMMANDS[tool.name].payload, { io: "input", unrepresentable: "any" }) : {},
      }));
    return Promise.resolve({ tools });
  },
});
