import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { browserById, CHROMIUM_BROWSERS } from "../../bridge/install/chromiumBrowsers.js";
import { currentPlatform, hostDirs, profileBase, type BrowserContext } from "../../bridge/install/browserFolders.js";
import { installTargets } from "../../bridge/install/hostTargets.js";
import { configDir, homeDir, xdgConfigHome } from "../../bridge/config/paths.js";
import { browserToLaunch, findInstalledBrowser, identifyBrowser } from "../../agent-client/launch/findBrowser.js";
import { refusalMessage } from "../../agent-client/launch/launchSteps.js";

const HOME = "/home/ada";
const linux = (env: NodeJS.ProcessEnv = {}): BrowserContext => ({ platform: "linux", env: { HOME, ...env } });
const mac = (env: NodeJS.ProcessEnv = {}): BrowserContext => ({ platform: "darwin", env: { HOME: "/Users/ada", ...env } });

/** Written out by hand from Chromium's chrome_paths_*, the vendors' docs and other installers: the table must match these. */
const LINUX_HOSTS: Record<string, string[]> = {
  chromium: ["/home/ada/.config/chromium/NativeMessagingHosts"],
  chrome: ["/home/ada/.config/google-chrome/NativeMessagingHosts"],
  "chrome-beta": ["/home/ada/.config/google-chrome-beta/NativeMessagingHosts"],
  "chrome-dev": ["/home/ada/.config/google-chrome-unstable/NativeMessagingHosts"],
  "chrome-canary": ["/home/ada/.config/google-chrome-canary/NativeMessagingHosts"],
  edge: ["/home/ada/.config/microsoft-edge/NativeMessagingHosts"],
  "edge-beta": ["/home/ada/.config/microsoft-edge-beta/NativeMessagingHosts"],
  "edge-dev": ["/home/ada/.config/microsoft-edge-dev/NativeMessagingHosts"],
  brave: ["/home/ada/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts"],
  "brave-beta": ["/home/ada/.config/BraveSoftware/Brave-Browser-Beta/NativeMessagingHosts"],
  "brave-nightly": ["/home/ada/.config/BraveSoftware/Brave-Browser-Nightly/NativeMessagingHosts"],
  vivaldi: ["/home/ada/.config/vivaldi/NativeMessagingHosts"],
  opera: ["/home/ada/.config/opera/NativeMessagingHosts", "/home/ada/.config/google-chrome/NativeMessagingHosts"],
};

const SUPPORT = "/Users/ada/Library/Application Support";
const MAC_HOSTS: Record<string, string[]> = {
  chromium: [`${SUPPORT}/Chromium/NativeMessagingHosts`],
  chrome: [`${SUPPORT}/Google/Chrome/NativeMessagingHosts`],
  "chrome-beta": [`${SUPPORT}/Google/Chrome Beta/NativeMessagingHosts`],
  "chrome-dev": [`${SUPPORT}/Google/Chrome Dev/NativeMessagingHosts`],
  "chrome-canary": [`${SUPPORT}/Google/Chrome Canary/NativeMessagingHosts`],
  edge: [`${SUPPORT}/Microsoft Edge/NativeMessagingHosts`],
  "edge-beta": [`${SUPPORT}/Microsoft Edge Beta/NativeMessagingHosts`],
  "edge-dev": [`${SUPPORT}/Microsoft Edge Dev/NativeMessagingHosts`],
  "edge-canary": [`${SUPPORT}/Microsoft Edge Canary/NativeMessagingHosts`],
  brave: [`${SUPPORT}/BraveSoftware/Brave-Browser/NativeMessagingHosts`],
  "brave-beta": [`${SUPPORT}/BraveSoftware/Brave-Browser-Beta/NativeMessagingHosts`],
  "brave-nightly": [`${SUPPORT}/BraveSoftware/Brave-Browser-Nightly/NativeMessagingHosts`],
  vivaldi: [`${SUPPORT}/Vivaldi/NativeMessagingHosts`],
  opera: [`${SUPPORT}/com.operasoftware.Opera/NativeMessagingHosts`, `${SUPPORT}/Google/Chrome/NativeMessagingHosts`],
  arc: [`${SUPPORT}/Arc/User Data/NativeMessagingHosts`],
};

function browser(id: string): NonNullable<ReturnType<typeof browserById>> {
  const found = browserById(id);
  if (!found) throw new Error(`no ${id} in the table`);
  return found;
}

describe("every browser's NativeMessagingHosts folder", () => {
  it.each(Object.entries(LINUX_HOSTS))("Linux: %s", (id, dirs) => {
    expect(hostDirs(browser(id), linux())).toEqual(dirs);
  });

  it.each(Object.entries(MAC_HOSTS))("macOS: %s", (id, dirs) => {
    expect(hostDirs(browser(id), mac())).toEqual(dirs);
  });

  it("the table holds exactly these browsers, and Arc and Edge Canary only on macOS", () => {
    expect(CHROMIUM_BROWSERS.filter((each) => each.linux).map((each) => each.id)).toEqual(Object.keys(LINUX_HOSTS));
    expect(CHROMIUM_BROWSERS.filter((each) => each.darwin).map((each) => each.id)).toEqual(Object.keys(MAC_HOSTS));
  });
});

describe("the base folder: empty and relative variables are unset", () => {
  it("XDG_CONFIG_HOME moves Linux folders; empty or relative, it is ignored", () => {
    expect(profileBase(linux({ XDG_CONFIG_HOME: "/xdg" }))).toBe("/xdg");
    expect(profileBase(linux({ XDG_CONFIG_HOME: "" }))).toBe("/home/ada/.config");
    expect(profileBase(linux({ XDG_CONFIG_HOME: "relative/dir" }))).toBe("/home/ada/.config");
  });

  it("CHROME_CONFIG_HOME wins over XDG_CONFIG_HOME on Linux, as in chrome_paths_linux.cc", () => {
    expect(profileBase(linux({ CHROME_CONFIG_HOME: "/snapcfg", XDG_CONFIG_HOME: "/xdg" }))).toBe("/snapcfg");
    expect(profileBase(linux({ CHROME_CONFIG_HOME: "", XDG_CONFIG_HOME: "/xdg" }))).toBe("/xdg");
  });

  it("macOS ignores XDG_CONFIG_HOME", () => {
    expect(profileBase(mac({ XDG_CONFIG_HOME: "/xdg" }))).toBe(SUPPORT);
  });

  it("an empty or relative HOME falls back to the account's home, never a relative path", () => {
    for (const env of [{ HOME: "" }, { HOME: "here" }, {}]) {
      expect(homeDir(env).startsWith("/")).toBe(true);
      expect(xdgConfigHome({ ...env, XDG_CONFIG_HOME: "" }).startsWith("/")).toBe(true);
      expect(configDir({ ...env, XDG_CONFIG_HOME: "" }).startsWith("/")).toBe(true);
    }
    expect(configDir({ HOME, XDG_CONFIG_HOME: "" })).toBe("/home/ada/.config/weboperator");
  });

  it("Windows is refused with a pointer to the docs", () => {
    expect(() => currentPlatform("win32")).toThrow(/docs\/configuration\.md/);
  });
});

describe("what install registers, and what launch starts", () => {
  let root: string;
  let bin: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "wo-browsers-"));
    bin = join(root, "bin");
    mkdirSync(bin);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const executable = (name: string): string => {
    const path = join(bin, name);
    writeFileSync(path, "#!/bin/sh\n");
    chmodSync(path, 0o755);
    return path;
  };
  const env = (): NodeJS.ProcessEnv => ({ HOME: root, PATH: bin });
  /** A machine with none of the table's absolute paths: only what a test puts in PATH is installed. */
  const here = { platform: "linux" as const, installRoot: join(tmpdir(), "wo-no-such-root") };

  it("registers the browsers whose profile folder exists, and one that is installed but never started", () => {
    mkdirSync(join(root, ".config", "vivaldi"), { recursive: true });
    mkdirSync(join(root, ".config", "BraveSoftware", "Brave-Browser"), { recursive: true });
    executable("microsoft-edge-beta");
    const targets = installTargets(here, env()).map((target) => [target.browser?.id, target.dir]);
    expect(targets).toEqual([
      ["edge-beta", join(root, ".config", "microsoft-edge-beta", "NativeMessagingHosts")],
      ["brave", join(root, ".config", "BraveSoftware", "Brave-Browser", "NativeMessagingHosts")],
      ["vivaldi", join(root, ".config", "vivaldi", "NativeMessagingHosts")],
    ]);
  });

  it("--browser registers one browser before its folder exists; an unknown name lists the names", () => {
    expect(installTargets({ ...here, platform: "darwin", browser: "arc" }, env()).map((target) => target.dir)).toEqual([
      join(root, "Library", "Application Support", "Arc", "User Data", "NativeMessagingHosts"),
    ]);
    expect(() => installTargets({ ...here, browser: "arc" }, env())).toThrow(
      /unknown browser "arc" on Linux; --browser takes one of chromium, chrome,/,
    );
  });

  it("with no browser at all, install says how to name one", () => {
    expect(() => installTargets(here, env())).toThrow(/no Chromium-family browser found .*weboperator install --browser chrome/);
  });

  it("launch --browser NAME finds it in PATH; PATH and CHROME_PATH choose; a missing one says where it looked", () => {
    const brave = executable("brave-browser");
    expect(browserToLaunch("brave", env(), here)).toEqual({ path: brave, browser: browser("brave") });
    expect(() => browserToLaunch("edge-dev", env(), here)).toThrow(
      "Microsoft Edge Dev is not installed here (looked for microsoft-edge-dev, /opt/microsoft/msedge-dev/msedge, names in PATH)",
    );
    expect(findInstalledBrowser(env(), here)).toEqual({ path: brave, browser: browser("brave") });
    const chromium = executable("chromium");
    expect(findInstalledBrowser(env(), here)?.browser?.id).toBe("chromium");
    expect(findInstalledBrowser({ ...env(), CHROME_PATH: brave }, here)).toEqual({ path: brave, browser: browser("brave") });
    expect(browserToLaunch(chromium, env(), here).browser?.id).toBe("chromium");
    expect(() => browserToLaunch(join(root, "nothing"), env(), here)).toThrow(/is not an executable file/);
  });

  it("identifies an executable by its real path", () => {
    executable("google-chrome-beta");
    expect(identifyBrowser(join(bin, "google-chrome-beta"), { ...here, env: env() })?.name).toBe("Google Chrome Beta");
    expect(identifyBrowser("/somewhere/else", { ...here, env: env() })).toBeNull();
  });
});

describe("a browser that refuses the unpacked extension", () => {
  it("a Google-branded one is named as such, with the steps to load it by hand", () => {
    const message = refusalMessage(
      { path: "/usr/bin/google-chrome", browser: browser("chrome") },
      "Method not available.",
      "/w/dist/extension",
    );
    expect(message).toContain("Google Chrome refused to load the WebOperator extension from the command line (Method not available.)");
    expect(message).toContain("from Chrome 137 these do not load an unpacked extension given on the command line");
    expect(message).toContain("Load unpacked and pick /w/dist/extension");
    expect(message).toContain("weboperator launch --browser chrome --user-data-dir DIR");
  });

  it("another brand is not blamed on Chrome's rule", () => {
    const message = refusalMessage({ path: "/opt/x", browser: null }, "no", "/e");
    expect(message).not.toContain("Chrome 137");
    expect(message).toContain("weboperator launch --browser /opt/x --user-data-dir DIR");
  });
});
