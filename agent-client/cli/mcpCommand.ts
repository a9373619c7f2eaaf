import { serveMcpOverStdio } from "../mcp/mcpServer.js";
import { EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";
import { readGovernanceFile } from "./governanceFile.js";

/** `weboperator mcp`: stdout belongs to the MCP protocol from here on; diagnostics go to stderr. */
export async function runMcp(command: Extract<ParsedCommand, { kind: "mcp" }>, io: CliIo): Promise<number> {
  const governance = command.governance === undefined ? undefined : readGovernanceFile(command.governance);
  await serveMcpOverStdio({
    socketPath: command.connection.socket,
    token: command.connection.token,
    env: io.env,
    caps: command.caps,
    resultMode: command.structured ? "structured" : "text",
    ...(governance === undefined ? {} : { governance }),
    ...(command.firstLook === undefined ? {} : { firstLook: command.firstLook }),
  });
  return EXIT_OK;
}
