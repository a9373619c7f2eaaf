import { currentPlatform } from "../../bridge/install/browserFolders.js";
import { installHost } from "../../bridge/install/hostRegistration.js";
import { uninstallHost } from "../../bridge/install/hostRemoval.js";
import { placeExtension, removeInstallFolders } from "../../bridge/install/installedFiles.js";
import { EXTENSION_ORIGIN } from "../../protocol/constants.js";
import { EXIT_FAILED, EXIT_OK, type CliIo } from "./io.js";
import type { ParsedCommand } from "./parsedCommand.js";

function failure(verb: string, error: unknown, io: CliIo): number {
  io.err(`${verb} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILED;
}

const forWhom = (browser: string | null): string => (browser === null ? "this profile" : browser);

/** `setup` (and `install`, its older name): the host for every browser found, the token file, and the extension's one folder. */
export function runInstall(command: Extract<ParsedCommand, { kind: "install" }>, io: CliIo): number {
  let report;
  let extension;
  try {
    report = installHost({
      userDataDir: command.userDataDir,
      browser: command.browser,
      socket: command.socket,
      configDir: command.configDir,
      env: io.env,
    });
    extension = placeExtension(io.env, currentPlatform());
  } catch (error) {
    return failure(command.verb, error, io);
  }
  io.out(`launcher:   ${report.launcher}\n`);
  for (const manifest of report.manifests) io.out(`manifest:   ${manifest.file} (${forWhom(manifest.browser)})\n`);
  const store = report.origins.filter((origin) => origin !== EXTENSION_ORIGIN);
  if (store.length > 0) io.out(`also admits the Chrome Web Store's copy: ${store.join(", ")}\n`);
  io.out(`token file: ${report.tokenFile} (${report.tokenCreated ? "created" : "already existed, kept"})\n`);
  if (command.socket) io.out(`socket:     ${command.socket} (baked into the launcher)\n`);
  io.out(`extension:  ${extension.dir} (${extension.how})\n`);
  if (extension.npxCache !== null) {
    io.err(
      `note: this runs from npx's cache (${extension.npxCache}); the launcher points there until that cache is cleaned. \`npm i -g\` the package for a path that lasts.\n`,
    );
  }
  io.out(
    [
      "",
      "Load the extension once: open chrome://extensions, turn on Developer mode, click Load unpacked and pick",
      `  ${extension.dir}`,
      extension.replaced
        ? "It replaced the files Chrome loads from there: press Reload on WebOperator at chrome://extensions (or restart the browser)."
        : "Then restart the browser (or reload the extension) so it picks up the host.",
      "",
    ].join("\n"),
  );
  return EXIT_OK;
}

export function runUninstall(command: Extract<ParsedCommand, { kind: "uninstall" }>, io: CliIo): number {
  let report;
  let folders;
  try {
    const env = command.configDir ? { ...io.env, WEBOPERATOR_CONFIG_DIR: command.configDir } : io.env;
    report = uninstallHost({ userDataDir: command.userDataDir, env });
    // A profile of its own (--user-data-dir) shares the person's extension folder with their browsers: it stays.
    folders = removeInstallFolders(env, currentPlatform(), { extension: command.userDataDir === undefined, purge: command.purge });
  } catch (error) {
    return failure("uninstall", error, io);
  }
  if (report.manifests.length === 0) io.out("no WebOperator host manifest found; nothing to remove\n");
  for (const manifest of report.manifests) io.out(`removed manifest: ${manifest.file} (${forWhom(manifest.browser)})\n`);
  for (const launcher of report.launchers) io.out(`removed launcher: ${launcher}\n`);
  if (folders.extension !== null) io.out(`removed extension: ${folders.extension} (remove it from chrome://extensions too)\n`);
  if (folders.configDir !== null) io.out(`removed config folder: ${folders.configDir} (token, settings, task store)\n`);
  else if (!command.purge)
    io.out(
      `kept token file:  ${report.tokenFile} (MCP hosts may still read it; \`weboperator uninstall --purge\` deletes it with the settings and task store)\n`,
    );
  return EXIT_OK;
}
