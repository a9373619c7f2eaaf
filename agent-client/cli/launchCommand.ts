import { launchWebOperator, type LaunchedWebOperator } from "../launch/launchWebOperator.js";
import { tokenFilePath } from "../../bridge/config/paths.js";
import { EXIT_FAILED, EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";

/** What an agent needs to find this WebOperator: one JSON line, printed once it is ready. */
function readyLine(launched: LaunchedWebOperator): string {
  return `${JSON.stringify({
    socket: launched.socket,
    pid: launched.pid,
    bridgePid: launched.bridgePid,
    userDataDir: launched.userDataDir,
    downloadsDir: launched.downloadsDir,
    configDir: launched.configDir,
    tokenFile: tokenFilePath({ WEBOPERATOR_CONFIG_DIR: launched.configDir }),
    tokenSource: launched.tokenSource,
    extensionId: launched.extensionId,
  })}\n`;
}

/** Stays in the foreground until a signal or the browser going away, then shuts everything down. */
export async function runLaunch(command: Extract<ParsedCommand, { kind: "launch" }>, io: CliIo): Promise<number> {
  let launched: LaunchedWebOperator;
  try {
    launched = await launchWebOperator({
      headless: command.headless,
      userDataDir: command.userDataDir,
      socket: command.socket,
      configDir: command.configDir,
      browser: command.browser,
      env: io.env,
    });
  } catch (error) {
    io.err(`launch failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  io.out(readyLine(launched));

  const reason = await new Promise<"signal" | "browser-exited">((resolve) => {
    process.once("SIGINT", () => resolve("signal"));
    process.once("SIGTERM", () => resolve("signal"));
    // "disconnected" fires once; a browser that died before this listener existed must not leave launch waiting forever.
    if (!launched.browser.connected) resolve("browser-exited");
    else launched.browser.once("disconnected", () => resolve("browser-exited"));
  });
  await launched.close();
  if (reason === "browser-exited") {
    io.err("the browser exited; WebOperator stopped\n");
    return EXIT_FAILED;
  }
  return EXIT_OK;
}
