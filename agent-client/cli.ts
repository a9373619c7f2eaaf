import { runBridgeCommand } from "./cli/runBridgeCommand.js";
import { runDoctorCommand } from "./cli/doctorCommand.js";
import { runInstall, runUninstall } from "./cli/installCommand.js";
import { EXIT_OK, EXIT_USAGE, processIo, type CliIo } from "./cli/io.js";
import { parseCommandLine } from "./cli/parseCommandLine.js";
import type { ParsedCommand } from "./cli/parsedCommand.js";
import { UsageError } from "./cli/usageError.js";
import { usageText } from "./cli/usageText.js";

/**
 * The `weboperator` command. Returns the exit code instead of exiting so output piped
 * to another process is flushed before node stops.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  // `task` parses its own options (--attach repeats) and streams events: see cli/taskCommand.ts.
  if (argv[0] === "task") return (await import("./cli/taskCommand.js")).runTaskCommand(argv.slice(1), io);
  if (argv[0] === "config") return (await import("./cli/configCommand.js")).runConfigCommand(argv.slice(1), io);
  if (argv[0] === "trace") return (await import("./cli/traceCommand.js")).runTraceCommand(argv.slice(1), io);
  try {
    return await run(parseCommandLine(argv, io.env), io);
  } catch (error) {
    // A usage error can also surface once a command runs (a --governance file it reads).
    if (!(error instanceof UsageError)) throw error;
    io.err(`weboperator: ${error.message}\nRun \`weboperator help\` for the list of commands.\n`);
    return EXIT_USAGE;
  }
}

async function run(command: ParsedCommand, io: CliIo): Promise<number> {
  switch (command.kind) {
    case "help":
      io.out(usageText(command.topic));
      return EXIT_OK;
    case "raw":
    case "verb":
      return runBridgeCommand(command, io);
    case "install":
      return runInstall(command, io);
    case "uninstall":
      return runUninstall(command, io);
    case "launch": {
      // Loaded only here: it pulls in puppeteer-core, which no other command needs.
      const { runLaunch } = await import("./cli/launchCommand.js");
      return runLaunch(command, io);
    }
    case "doctor":
      return runDoctorCommand(command, io);
    case "mcp": {
      // Loaded only here: the MCP SDK is needed by no other command.
      const { runMcp } = await import("./cli/mcpCommand.js");
      return runMcp(command, io);
    }
    case "mcp-config":
      return (await import("./cli/mcpConfigCommand.js")).runMcpConfig(command, io);
  }
}
