import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative } from "node:path";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/index.js";
import { readyLine, runCli, spawnLaunch, type CliRun } from "../helpers/cliProcess.js";
import { testHeadless } from "../helpers/browserMode.js";

/** The config folders of the Done-when list, as each browser names it under ~/.config, and the name doctor gives it. */
const BROWSERS: readonly { folder: string; name: string }[] = [
  { folder: "google-chrome", name: "Google Chrome" },
  { folder: "google-chrome-beta", name: "Google Chrome Beta" },
  { folder: "google-chrome-unstable", name: "Google Chrome Dev" },
  { folder: "chromium", name: "Chromium" },
  { folder: "microsoft-edge", name: "Microsoft Edge" },
  { folder: "BraveSoftware/Brave-Browser", name: "Brave" },
  { folder: "vivaldi", name: "Vivaldi" },
];

interface User {
  home: string;
  env: Record<string, string>;
}

/** A HOME of its own holding each browser's config folder, with an environment built from nothing but PATH. */
function freshUser(extra: Record<string, string> = {}): User {
  const home = mkdtempSync(join(tmpdir(), "wo-browsers-"));
  for (const { folder } of BROWSERS) mkdirSync(join(home, ".config", folder, "Default"), { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    WEBOPERATOR_AGENT_SOCKET: join(home, "bridge.sock"),
    ...extra,
  };
  return { home, env };
}

function manifestFile(home: string, folder: string): string {
  return join(home, ".config", folder, "NativeMessagingHosts", `${NATIVE_HOST_NAME}.json`);
}

/** What Chrome checks before it starts a host: our name, an absolute executable path, our extension admitted. */
function expectValidManifest(file: string): string {
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { name: string; path: string; type: string; allowed_origins: string[] };
  expect(manifest.name).toBe(NATIVE_HOST_NAME);
  expect(manifest.type).toBe("stdio");
  expect(isAbsolute(manifest.path), manifest.path).toBe(true);
  expect(() => accessSync(manifest.path, constants.X_OK)).not.toThrow();
  expect(manifest.allowed_origins).toEqual([EXTENSION_ORIGIN]);
  return manifest.path;
}

/** Every file under a folder, relative to it, sorted. */
function filesUnder(root: string): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe("install, doctor and uninstall for every Chromium-family browser of a fresh HOME", () => {
  let user: User;
  let install: CliRun;

  beforeAll(async () => {
    user = freshUser();
    install = await runCli(["install"], user.env);
  });
  afterAll(() => rmSync(user.home, { recursive: true, force: true }));

  it("install writes a valid manifest into each browser's NativeMessagingHosts and says so, per browser", () => {
    expect(install.stderr).toBe("");
    expect(install.status).toBe(0);
    const launchers = new Set<string>();
    for (const { folder, name } of BROWSERS) {
      const file = manifestFile(user.home, folder);
      launchers.add(expectValidManifest(file));
      expect(install.stdout).toContain(`manifest:   ${file} (${name})\n`);
    }
    expect([...launchers]).toEqual([join(user.home, ".config", "weboperator", "weboperator-host.sh")]);
  });

  it("doctor names each browser with its manifest in place, and the launcher runs", async () => {
    const doctor = await runCli(["doctor"], user.env);
    for (const { folder, name } of BROWSERS) {
      expect(doctor.stdout).toContain(`✓ host manifest: ${name}: ${manifestFile(user.home, folder)} → `);
    }
    expect(doctor.stdout).toMatch(/✓ launcher runs: .*"probe":"weboperator-bridge"/);
  });

  it("doctor names a browser whose manifest is missing, with the install command for it", async () => {
    mkdirSync(join(user.home, ".config", "microsoft-edge-dev"));
    const doctor = await runCli(["doctor"], user.env);
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain(
      `✗ host manifest: not installed for Microsoft Edge Dev (looked in ${join(user.home, ".config", "microsoft-edge-dev", "NativeMessagingHosts")})\n    fix: weboperator install --browser edge-dev\n`,
    );
    const one = await runCli(["install", "--browser", "edge-dev"], user.env);
    expect(one.stdout).toContain(`manifest:   ${manifestFile(user.home, "microsoft-edge-dev")} (Microsoft Edge Dev)\n`);
    expect(one.stdout).not.toContain("(Vivaldi)");
  });

  it("--browser registers a browser whose folder does not exist yet; an unknown one is refused with the names", async () => {
    const opera = await runCli(["install", "--browser", "brave-beta"], user.env);
    expect(opera.status).toBe(0);
    expectValidManifest(manifestFile(user.home, "BraveSoftware/Brave-Browser-Beta"));
    const unknown = await runCli(["install", "--browser", "netscape"], user.env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(
      'install failed: unknown browser "netscape" on Linux; --browser takes one of chromium, chrome, chrome-beta',
    );
  });

  it("uninstall removes every manifest and the launcher install wrote, and nothing else", async () => {
    const foreign = join(user.home, ".config", "vivaldi", "NativeMessagingHosts", "org.example.other.json");
    writeFileSync(foreign, "{}");
    const uninstall = await runCli(["uninstall"], user.env);
    expect(uninstall.stderr).toBe("");
    expect(uninstall.status).toBe(0);
    for (const { folder, name } of BROWSERS)
      expect(uninstall.stdout).toContain(`removed manifest: ${manifestFile(user.home, folder)} (${name})\n`);
    expect(uninstall.stdout).toContain(`removed launcher: ${join(user.home, ".config", "weboperator", "weboperator-host.sh")}\n`);
    expect(filesUnder(user.home)).toEqual([".config/vivaldi/NativeMessagingHosts/org.example.other.json", ".config/weboperator/token"]);
    const doctor = await runCli(["doctor"], user.env);
    for (const { name } of BROWSERS) expect(doctor.stdout).toContain(`✗ host manifest: not installed for ${name} (`);
  });
});

describe("an empty XDG_CONFIG_HOME is read as unset", () => {
  const users: User[] = [];
  afterAll(() => {
    for (const user of users) rmSync(user.home, { recursive: true, force: true });
  });

  it("writes the same files under HOME as with it unset, and nothing where the command runs", async () => {
    const unset = freshUser();
    const empty = freshUser({ XDG_CONFIG_HOME: "" });
    users.push(unset, empty);
    const cwd = mkdtempSync(join(tmpdir(), "wo-cwd-"));
    try {
      expect((await runCli(["install"], unset.env, undefined, cwd)).status).toBe(0);
      const run = await runCli(["install"], empty.env, undefined, cwd);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(filesUnder(empty.home)).toEqual(filesUnder(unset.home));
      expect(filesUnder(empty.home)).toContain(`.config/google-chrome-beta/NativeMessagingHosts/${NATIVE_HOST_NAME}.json`);
      expect(readdirSync(cwd)).toEqual([]);
      const doctor = await runCli(["doctor"], empty.env, undefined, cwd);
      for (const { name } of BROWSERS) expect(doctor.stdout).toContain(`✓ host manifest: ${name}: ${empty.home}/.config/`);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe("launch --browser", () => {
  it("refuses a browser that is not installed here, and an unknown name, before starting anything", async () => {
    const env = { ...process.env, WEBOPERATOR_API_TOKEN: "" };
    const edge = await runCli(["launch", "--headless", "--browser", "edge"], env);
    expect(edge.status).toBe(1);
    expect(edge.stderr).toContain("launch failed: Microsoft Edge is not installed here (looked for microsoft-edge-stable, microsoft-edge,");
    const unknown = await runCli(["launch", "--headless", "--browser", "mosaic"], env);
    expect(unknown.stderr).toContain('launch failed: unknown browser "mosaic"');
  });

  it("starts Chromium by name, and doctor names it as the browser the running bridge serves", async () => {
    const root = mkdtempSync(join(tmpdir(), "wo-launch-browser-"));
    const launch = spawnLaunch(root, { ...process.env, WEBOPERATOR_API_TOKEN: "" }, ["--browser", "chromium"]);
    try {
      const ready = await readyLine(launch);
      const doctor = await runCli(["doctor", "--user-data-dir", join(root, "profile"), "--socket", ready.socket], {
        ...process.env,
        WEBOPERATOR_CONFIG_DIR: ready.configDir,
        WEBOPERATOR_API_TOKEN: "",
      });
      expect(doctor.stdout).toMatch(new RegExp(`✓ served browser: Chromium \\(/\\S+, pid ${ready.pid}\\)\\n`));
      expect(doctor.stdout, testHeadless() ? "headless" : "headed").toContain("✓ extension: connected");
    } finally {
      launch.child.kill("SIGTERM");
      await launch.exited;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
