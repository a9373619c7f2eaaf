/** The MCP hosts whose configuration `weboperator mcp config --client` prints. */
export const MCP_CLIENT_KINDS = ["claude-code", "cursor", "vscode", "codex", "generic"] as const;
export type McpClientKind = (typeof MCP_CLIENT_KINDS)[number];

/** How a host starts `weboperator mcp`: absolute paths, so it works from any working directory and PATH. */
export interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Where each host reads the text from, for the note on stderr. */
export const MCP_CONFIG_PLACES: Readonly<Record<McpClientKind, string>> = {
  "claude-code": "the project's .mcp.json (or ~/.claude.json), under mcpServers",
  cursor: "~/.cursor/mcp.json (or the project's .cursor/mcp.json)",
  vscode: "the workspace's .vscode/mcp.json",
  codex: "~/.codex/config.toml",
  generic: "your MCP host's configuration, under mcpServers",
};

/**
 * The paste-ready text in each host's own format: `mcpServers.weboperator` JSON for Claude
 * Code, Cursor and most hosts; VS Code's `servers` JSON; Codex's TOML table.
 */
export function mcpConfigText(client: McpClientKind, launch: McpLaunch): string {
  switch (client) {
    case "claude-code":
      return json({ mcpServers: { weboperator: { type: "stdio", ...launch } } });
    case "vscode":
      return json({ servers: { weboperator: { type: "stdio", ...launch } } });
    case "codex":
      return codexToml(launch);
    case "cursor":
    case "generic":
      return json({ mcpServers: { weboperator: launch } });
  }
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** TOML basic strings share JSON's escapes for quotes, backslashes and control characters. */
function codexToml(launch: McpLaunch): string {
  const env = Object.entries(launch.env).map(([name, value]) => `${name} = ${JSON.stringify(value)}`);
  return [
    "[mcp_servers.weboperator]",
    `command = ${JSON.stringify(launch.command)}`,
    `args = [${launch.args.map((arg) => JSON.stringify(arg)).join(", ")}]`,
    `env = { ${env.join(", ")} }`,
    "",
  ].join("\n");
}
