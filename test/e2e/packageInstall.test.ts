import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import { readPackageVersion } from "../../bridge/version.js";
import { testHeadless } from "../helpers/browserMode.js";
import { inlinePage, startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.js";
import { connectMcpLaunch, type McpHostLaunch } from "../helpers/mcpHost.js";
import { stopEverythingOf, type OwnHome } from "../helpers/ownChrome.js";

/**
 * A newcomer's path with the package alone: the tarball `npm pack` makes, installed with npm
 * into a prefix of its own by a user with a fresh HOME, and nothing of this checkout on the way.
 */
const ROOT = projectRoot();
const VERSION = readPackageVersion(ROOT);
const NEXT_VERSION = VERSION.replace(/\d+$/, (patch) => String(Number(patch) + 1));
const PAGE = `<title>Installed</title><h1>Hello from the installed package</h1>`;

/** What the tarball may hold: the command, the built extension and the built node code the command runs. */
const SHIPPED = [
  /^package\/(package\.json|README\.md)$/,
  /^package\/bin\/weboperator\.js$/,
  /^package\/dist\/extension\//,
  /^package\/dist\/node\/(agent-client|bridge|protocol)\/.+\.js$/,
];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Files Chromium itself keeps in a HOME it ran with (its crash-report settings, dconf's cache), none of them WebOperator's. */
const BROWSERS_OWN = [/^\.cache\//, /^\.pki\//, /^\.config\/chromium\/(?!.*NativeMessagingHosts)/];

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The second tarball of an upgrade: the first one's files with the next version in package.json
 * and the extension's manifest, packed again by npm (without prepack: there are no sources to build).
 */
function repackWithVersion(tarball: string, work: string, version: string): string {
  const dir = join(work, "next");
  mkdirSync(dir);
  execFileSync("tar", ["xzf", tarball, "-C", dir]);
  for (const file of ["package.json", "dist/extension/manifest.json"]) {
    const path = join(dir, "package", file);
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    writeFileSync(path, `${JSON.stringify({ ...parsed, version }, null, 2)}\n`);
  }
  const name = execFileSync("npm", ["pack", "./package", "--ignore-scripts", "--pack-destination", work], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return join(work, name.trim().split("\n").at(-1) ?? "");
}

/**
 * better-sqlite3's own install step downloads a prebuilt binary for this Node from GitHub, and
 * compiles SQLite when it cannot (minutes on two cores). This machine reaches only the npm
 * registry, so the download is served from a folder (prebuild-install's local prebuilds) with the
 * binary the checkout's `npm install` built: the same file a user's download brings.
 */
function localPrebuild(work: string): string {
  const version = (JSON.parse(readFileSync(join(ROOT, "node_modules", "better-sqlite3", "package.json"), "utf8")) as { version: string })
    .version;
  const stage = join(work, "prebuild-stage");
  mkdirSync(join(stage, "build", "Release"), { recursive: true });
  execFileSync("cp", [
    join(ROOT, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node"),
    join(stage, "build", "Release"),
  ]);
  const dir = join(work, "prebuilds");
  mkdirSync(dir);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync("tar", ["czf", join(dir, name), "-C", stage, "build"]);
  return dir;
}

/**
 * A user with a fresh HOME and nothing of this machine's WEBOPERATOR_* or XDG variables: the
 * environment built from nothing, the prefix's bin/ first on PATH as `npm install -g` leaves it.
 * The socket is the one override: the default one in /tmp is shared by every test run here.
 */
function freshUser(bin: string): OwnHome {
  const home = mkdtempSync(join(tmpdir(), "wo-package-home-"));
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"}`,
    HOME: home,
    WEBOPERATOR_AGENT_SOCKET: join(home, "bridge.sock"),
  };
  for (const name of ["DISPLAY", "XAUTHORITY"] as const) {
    const value = process.env[name];
    if (!testHeadless() && value !== undefined) env[name] = value;
  }
  return { home, env, remove: () => rmSync(home, { recursive: true, force: true, maxRetries: 3 }) };
}

interface Launched {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
}

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("the package alone: pack, install with npm, setup, use, upgrade, uninstall", () => {
  let work: string;
  let prefix: string;
  let user: OwnHome;
  let npmEnv: NodeJS.ProcessEnv;
  let tarball: string;
  let nextTarball: string;
  let pages: FixtureServer;
  let launched: Launched | undefined;
  let mcp: Client | undefined;
  let installedRoot: string;

  const weboperator = (args: readonly string[]): Promise<Run> => run(join(prefix, "bin", "weboperator"), args, user.env);
  const npmInstall = (file: string): Promise<Run> =>
    run("npm", ["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", file], npmEnv);
  const extensionFolder = (): string => join(user.home, ".local", "share", "weboperator", "extension");
  const configFolder = (): string => join(user.home, ".config", "weboperator");

  async function launch(): Promise<void> {
    const child = spawn(join(prefix, "bin", "weboperator"), ["launch", testHeadless() ? "--headless" : "--headed"], {
      env: user.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    launched = { child, exited };
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).once("line", () => resolve());
      void exited.then((code) => reject(new Error(`launch exited early with ${code}: ${stderr}`)));
    });
  }

  async function stopLaunch(): Promise<void> {
    if (launched === undefined) return;
    launched.child.kill("SIGTERM");
    expect(await launched.exited).toBe(0);
    launched = undefined;
    // Launch stops the bridge it started, and that bridge removes its socket as it goes.
    await expect.poll(() => existsSync(user.env.WEBOPERATOR_AGENT_SOCKET ?? ""), { timeout: 10_000 }).toBe(false);
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "wo-package-"));
    prefix = join(work, "prefix");
    pages = await startFixtureServer();
    user = freshUser(join(prefix, "bin"));
    // npm itself runs as the developer does (their cache, so a run downloads only what it lacks), never writing into the fresh HOME.
    const cache = execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim();
    npmEnv = {
      ...user.env,
      npm_config_cache: cache,
      npm_config_update_notifier: "false",
      npm_config_better_sqlite3_local_prebuilds: localPrebuild(work),
    };
    // Once per run, from the build the suite runs on (`npm test` built it; prepack would only build it again).
    const name = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", work], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    tarball = join(work, name.trim().split("\n").at(-1) ?? "");
    nextTarball = repackWithVersion(tarball, work, NEXT_VERSION);
    installedRoot = join(prefix, "lib", "node_modules", "weboperator");
  }, 120_000);

  afterAll(async () => {
    await mcp?.close();
    launched?.child.kill("SIGTERM");
    await launched?.exited;
    if (user !== undefined) await stopEverythingOf(user);
    await pages?.close();
    user?.remove();
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  });

  it("the tarball holds the command, the built extension and the built node code, and no test, bench, corpus, source or map", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files.filter((file) => !SHIPPED.some((pattern) => pattern.test(file)))).toEqual([]);
    expect(files).toContain("package/dist/extension/manifest.json");
    expect(files).toContain("package/dist/node/bridge/main.js");
    expect(files).toContain("package/dist/node/agent-client/cli.js");
  });

  it("npm installs it into a prefix, and the installed command runs", async () => {
    const install = await npmInstall(tarball);
    expect(install.status, install.stderr).toBe(0);
    const help = await weboperator(["--help"]);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain("setup [--browser NAME");
  }, 240_000);

  it("setup registers the host for the Chromium found, with a launcher that runs the installed bridge, and prints the one folder to load", async () => {
    const setup = await weboperator(["setup"]);
    expect(setup.stderr).toBe("");
    expect(setup.status).toBe(0);
    const manifestFile = join(user.home, ".config", "chromium", "NativeMessagingHosts", `${NATIVE_HOST_NAME}.json`);
    expect(setup.stdout).toContain(`manifest:   ${manifestFile} (Chromium)\n`);
    const launcher = (JSON.parse(readFileSync(manifestFile, "utf8")) as { path: string }).path;
    const script = readFileSync(launcher, "utf8");
    expect(script).toContain(`'${join(installedRoot, "dist", "node", "bridge", "main.js")}'`);
    expect(script).not.toContain(ROOT);
    expect(setup.stdout).toContain(`extension:  ${extensionFolder()} (version ${VERSION}, copied from ${installedRoot})\n`);
    expect(setup.stdout).toContain(`click Load unpacked and pick\n  ${extensionFolder()}\n`);
    const copied = JSON.parse(readFileSync(join(extensionFolder(), "manifest.json"), "utf8")) as { version: string; key?: string };
    expect(copied.version).toBe(VERSION);
    // The key pins the unpacked ID the host manifest admits.
    expect(copied.key).toBeDefined();
  });

  it("launch, navigate and snapshot work through the installed command, with setup's token", async () => {
    await launch();
    const url = inlinePage(pages, PAGE);
    const navigate = await weboperator(["navigate", url]);
    expect(navigate.status, navigate.stderr).toBe(0);
    const snapshot = await weboperator(["snapshot"]);
    expect(snapshot.status, snapshot.stderr).toBe(0);
    expect(snapshot.stdout).toContain('heading "Hello from the installed package"');
  });

  it("an MCP client started from the printed `mcp config` makes its first navigate and snapshot", async () => {
    const config = await weboperator(["mcp", "config", "--client", "generic"]);
    expect(config.status, config.stderr).toBe(0);
    const printed = (JSON.parse(config.stdout) as { mcpServers: { weboperator: McpHostLaunch } }).mcpServers.weboperator;
    expect(printed.args).toEqual([join(installedRoot, "bin", "weboperator.js"), "mcp"]);
    mcp = await connectMcpLaunch(printed, "package-e2e");
    const url = inlinePage(pages, PAGE);
    const navigated = (await mcp.callTool({ name: "navigate", arguments: { url } })) as CallToolResult;
    expect(navigated.isError, textOf(navigated)).toBeFalsy();
    const snapshot = (await mcp.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
    expect(snapshot.isError, textOf(snapshot)).toBeFalsy();
    expect(textOf(snapshot)).toContain('heading "Hello from the installed package"');
    await mcp.close();
    mcp = undefined;
  });

  it("doctor finds the extension folder, and the loaded extension, the running bridge and the command of one version", async () => {
    const doctor = await weboperator(["doctor"]);
    expect(doctor.stdout).toContain(`✓ extension folder: ${extensionFolder()} (version ${VERSION};`);
    expect(doctor.stdout).toContain(`✓ versions: extension, bridge and this command are all ${VERSION}\n`);
  });

  it("an upgrade to a newer tarball: doctor names the old extension still loaded; setup replaces it in place and keeps the token, settings and task store", async () => {
    const token = readFileSync(join(configFolder(), "token"), "utf8");
    const set = await weboperator(["config", "set", "OPENAI_BASE_URL", "http://127.0.0.1:9/v1"]);
    expect(set.status, set.stderr).toBe(0);
    expect(existsSync(join(configFolder(), "tasks.sqlite"))).toBe(true);

    const install = await npmInstall(nextTarball);
    expect(install.status, install.stderr).toBe(0);
    const stale = await weboperator(["doctor"]);
    expect(stale.stdout).toContain(`✗ versions: the loaded extension is ${VERSION}, the installed bridge ${NEXT_VERSION}\n`);
    expect(stale.stdout).toContain(`✗ extension folder: ${extensionFolder()} holds ${VERSION}, the installed package is ${NEXT_VERSION}\n`);
    expect(stale.stdout).toContain("    fix: weboperator setup (it replaces the extension in its folder), then press Reload");
    await stopLaunch();

    const setup = await weboperator(["setup"]);
    expect(setup.status, setup.stderr).toBe(0);
    expect(setup.stdout).toContain(`extension:  ${extensionFolder()} (version ${NEXT_VERSION}, replaced ${VERSION} in place)\n`);
    expect(setup.stdout).toContain("token file: ");
    expect(setup.stdout).toContain("(already existed, kept)");
    expect(readFileSync(join(configFolder(), "token"), "utf8")).toBe(token);
    expect((JSON.parse(readFileSync(join(extensionFolder(), "manifest.json"), "utf8")) as { version: string }).version).toBe(NEXT_VERSION);
    expect((await weboperator(["config", "get", "OPENAI_BASE_URL"])).stdout).toContain("http://127.0.0.1:9/v1");
    expect(existsSync(join(configFolder(), "tasks.sqlite"))).toBe(true);

    await launch();
    const doctor = await weboperator(["doctor"]);
    expect(doctor.stdout).toContain(`✓ versions: extension, bridge and this command are all ${NEXT_VERSION}\n`);
    const navigate = await weboperator(["navigate", inlinePage(pages, PAGE)]);
    expect(navigate.status, navigate.stderr).toBe(0);
    await stopLaunch();
  }, 240_000);

  it("uninstall removes what setup wrote and keeps the config folder; --purge removes that too, and npm removes the package", async () => {
    const uninstall = await weboperator(["uninstall"]);
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(uninstall.stdout).toContain(`removed extension: ${extensionFolder()}`);
    const ours = (): string[] => filesUnder(user.home).filter((file) => !BROWSERS_OWN.some((pattern) => pattern.test(file)));
    expect(ours().filter((file) => !file.startsWith(".config/weboperator/"))).toEqual([]);
    const purge = await weboperator(["uninstall", "--purge"]);
    expect(purge.status, purge.stderr).toBe(0);
    expect(purge.stdout).toContain(`removed config folder: ${configFolder()} (token, settings, task store)\n`);
    expect(ours()).toEqual([]);
    const remove = await run("npm", ["uninstall", "--global", "--prefix", prefix, "weboperator"], npmEnv);
    expect(remove.status, remove.stderr).toBe(0);
    expect(filesUnder(prefix)).toEqual([]);
  }, 120_000);
});
