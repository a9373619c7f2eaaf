import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../protocol/index.js";
import { findMcpTool, mcpToolName, mcpTools } from "../../agent-client/mcp/toolCatalog.js";
import { toolErrorOf, toolResultOf } from "../../agent-client/mcp/toolResult.js";
import { parseCommandLine } from "../../agent-client/cli/parseCommandLine.js";
import { UsageError } from "../../agent-client/cli/usageError.js";

describe("the MCP tool catalog, derived from protocol/'s command table", () => {
  it("has one uniquely named tool per command, each with an object input schema and the command's description", () => {
    const tools = mcpTools();
    expect(tools.map((tool) => tool.type)).toEqual(Object.keys(COMMANDS));
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description).toContain(COMMANDS[tool.type].description);
      expect(findMcpTool(tool.name)?.type).toBe(tool.type);
    }
  });

  it("names browser.* by their tool name and other groups group_verb", () => {
    expect(mcpToolName("browser.snapshot")).toBe("snapshot");
    expect(mcpToolName("bridge.health")).toBe("bridge_health");
  });

  it("derives input schemas from the payload's input side (defaults optional, loose booleans allowed)", () => {
    const type = findMcpTool("type");
    expect(type?.inputSchema.required).toEqual(["ref", "text"]);
  });
});

describe("MCP content of WebOperator answers", () => {
  it("sends images as image content without the base64 in the structured part", () => {
    const result = toolResultOf({ tabId: 1, mimeType: "image/png", data: "iVBOR", width: 2, height: 2, scale: 1, clip: { x: 0, y: 0, width: 2, height: 2 } });
    expect(result.content[0]).toEqual({ type: "image", data: "iVBOR", mimeType: "image/png" });
    expect(result.structuredContent).not.toHaveProperty("data");
  });

  it("sends text-bearing results as their text plus the whole result", () => {
    const result = toolResultOf({ tabId: 1, text: "# Page Snapshot", url: "http://x/" });
    expect(result.content).toEqual([{ type: "text", text: "# Page Snapshot" }]);
    expect(result.structuredContent).toEqual({ tabId: 1, text: "# Page Snapshot", url: "http://x/" });
  });

  it("sends an inline base64 screenshot field as image content", () => {
    const result = toolResultOf({ url: "http://x/", screenshot: "iVBOR" });
    expect(result.content).toContainEqual({ type: "image", data: "iVBOR", mimeType: "image/png" });
    expect(result.structuredContent).toEqual({ url: "http://x/", screenshot: "(image content)" });
  });

  it("carries the WebOperator code on tool errors", () => {
    expect(toolErrorOf("stale_ref", "take a snapshot")).toEqual({
      isError: true,
      content: [{ type: "text", text: "error [stale_ref]: take a snapshot" }],
      structuredContent: { code: "stale_ref", error: "take a snapshot" },
    });
  });
});

describe("weboperator mcp on the command line", () => {
  it("takes --socket and --token and nothing else", () => {
    expect(parseCommandLine(["mcp", "--socket", "/tmp/s.sock"])).toEqual({ kind: "mcp", connection: { socket: "/tmp/s.sock", token: undefined } });
    expect(() => parseCommandLine(["mcp", "extra"])).toThrow(UsageError);
    expect(() => parseCommandLine(["mcp", "--headless"])).toThrow(UsageError);
  });
});
