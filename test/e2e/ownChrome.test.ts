import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { insideBoundary } from "../helpers/pageData.js";
import { BIN, runCli } from "../helpers/cliProcess.js";
import { inlinePage, startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.js";
import { ownHome, startOwnChrome, stopEverythingOf, type OwnChrome, type OwnHome } from "../helpers/ownChrome.js";
import { useDisplay, type XDisplay } from "../helpers/xDisplay.js";

/** Says in the page itself whether the browser draws a window, so the snapshot proves it. */
const PAGE = `<title>Own Chrome</title><h1>Hello from your own Chrome</h1><p id="mode"></p>
<script>document.getElementById("mode").textContent = navigator.userAgent.includes("HeadlessChrome") ? "drawn headless" : "drawn headed";</script>`;

function textOf(result: CallToolResult): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

interface TokenCase {
  title: string;
  /** What the person exported in the shell they start Chrome, the CLI and the MCP host from. */
  shellEnv: Record<string, string>;
  /** How doctor names the accepted token. */
  tokenSource(user: OwnHome): string;
}

const CASES: TokenCase[] = [
  {
    title: "README steps: install, the token file, Chromium from the desktop",
    shellEnv: {},
    tokenSource: (user) => `token from the token file ${join(user.home, ".config", "weboperator", "token")} accepted`,
  },
  {
    title: "the protocol seed's way: WEBOPERATOR_API_TOKEN in the environment Chrome starts with",
    shellEnv: { WEBOPERATOR_API_TOKEN: "dev-token" },
    tokenSource: () => "token from WEBOPERATOR_API_TOKEN accepted",
  },
];

let display: XDisplay;
let pages: FixtureServer;

beforeAll(async () => {
  display = await useDisplay();
  pages = await startFixtureServer();
});
afterAll(async () => {
  await pages?.close();
  await display?.close();
});

for (const tokenCase of CASES) {
  describe(`your own headed Chromium, ${tokenCase.title}`, () => {
    let user: OwnHome;
    let chrome: OwnChrome | undefined;
    let mcp: Client | undefined;

    beforeAll(() => {
      user = ownHome(display.env, tokenCase.shellEnv);
    });
    afterAll(async () => {
      await mcp?.close();
      await chrome?.quit();
      if (user !== undefined) await stopEverythingOf(user);
      user?.remove();
    });

    it("step 2, Chromium with the extension loaded unpacked before anything is installed: doctor names the missing host and its fix", async () => {
      chrome = startOwnChrome(user);
      const doctor = await runCli(["doctor"], user.env);
      expect(doctor.status).toBe(1);
      expect(doctor.stdout).toContain("✗ host manifest: not installed");
      expect(doctor.stdout).toContain("fix: weboperator install");
    });

    it("step 3, `weboperator install` registers the host for the browser it finds (Chromium) and creates the token file", async () => {
      const install = await runCli(["install"], user.env);
      expect(install.stderr).toBe("");
      expect(install.status).toBe(0);
      const config = join(user.home, ".config");
      const file = join(config, "chromium", "NativeMessagingHosts", `${NATIVE_HOST_NAME}.json`);
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { path: string };
      expect(manifest.path).toBe(join(config, "weboperator", "weboperator-host.sh"));
      expect(install.stdout).toContain(`manifest:   ${file} (Chromium)\n`);
      // Only what this machine has: no Chrome here, so no Chrome folder is made up.
      expect(install.stdout).not.toContain("(Google Chrome)");
      const tokenFile = join(config, "weboperator", "token");
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(install.stdout).toContain(`token file: ${tokenFile} (created)`);
    });

    it("step 4, Chromium restarted on the HOME's default profile starts the bridge, and `weboperator doctor` is all green", async () => {
      await chrome?.quit();
      chrome = startOwnChrome(user);
      await chrome.extensionConnected();
      expect(existsSync(join(user.home, ".config", "chromium", "Default"))).toBe(true);
      const doctor = await runCli(["doctor"], user.env);
      const lines = doctor.stdout.trimEnd().split("\n");
      expect(
        lines.filter((line) => !line.startsWith("✓")),
        doctor.stdout,
      ).toEqual([]);
      expect(doctor.status).toBe(0);
      expect(doctor.stdout).toContain(`✓ bridge socket: ${join(user.home, "bridge.sock")}`);
      expect(doctor.stdout).toContain(tokenCase.tokenSource(user));
      expect(doctor.stdout).toContain("✓ extension: connected");
      expect(doctor.stdout).toContain("✓ launcher runs:");
    });

    it("step 5, `weboperator snapshot` on the new-tab page Chromium opens with, asks for an http(s) page", async () => {
      const snapshot = await runCli(["snapshot"], user.env);
      expect(snapshot.status).toBe(1);
      expect(snapshot.stderr).toContain("error [unsupported_page]");
      expect(snapshot.stderr).toContain("Navigate it to an http(s) page first");
    });

    if (tokenCase.shellEnv.WEBOPERATOR_API_TOKEN !== undefined) {
      it("the seed's own request works from the CLI with the same variable; without it, the token file's token is refused", async () => {
        const health = await runCli(['{"type":"bridge.health"}'], user.env);
        expect(health.stderr).toBe("");
        expect(JSON.parse(health.stdout)).toMatchObject({ result: { bridge: { authRequired: true }, extension: { connected: true } } });
        const { WEBOPERATOR_API_TOKEN: _unset, ...withoutVariableEnv } = user.env;
        const withoutVariable = await runCli(["health"], withoutVariableEnv);
        expect(withoutVariable.status).toBe(1);
        expect(withoutVariable.stderr).toContain("unauthorized");
      });
    }

    it("an MCP host's first navigate and snapshot work, in the visible tab of the drawn window", async () => {
      // As Claude Code starts an MCP server: `weboperator mcp` with the user's environment, nothing else.
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], env: user.env, stderr: "pipe" });
      mcp = new Client({ name: "own-chrome-e2e", version: "1.0.0" });
      await mcp.connect(transport);
      const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> =>
        (await mcp?.callTool({ name, arguments: args })) as CallToolResult;

      const url = inlinePage(pages, PAGE);
      const navigated = await call("navigate", { url });
      expect(navigated.isError, `${textOf(navigated)}\n${chrome?.log() ?? ""}`).toBeFalsy();
      // Text only, as Claude Code reads it: the tab on the first line, the page's URL and title inside the page-data marking.
      const tabId = Number(/^navigate \[tabId=(\d+)\]/.exec(textOf(navigated))?.[1]);
      // The navigate answers the page's first look: its snapshot, header and refs.
      expect(insideBoundary(textOf(navigated)).inside).toContain(`URL: ${url}\nTitle: Own Chrome`);
      expect(insideBoundary(textOf(navigated)).inside).toContain('heading "Hello from your own Chrome"');
      expect(navigated.structuredContent).toBeUndefined();
      const snapshot = await call("snapshot");
      expect(snapshot.isError, textOf(snapshot)).toBeFalsy();
      const text = textOf(snapshot);
      expect(text).toContain('heading "Hello from your own Chrome"');
      expect(text).toContain("drawn headed");
      expect(text).toMatch(/^snapshot \[tabId=\d+\]: .*source=dom/);
      expect(insideBoundary(text).inside).toContain(`URL: ${url}`);

      const tabs = await call("tabs_list");
      expect(textOf(tabs)).toMatch(new RegExp(`^tabs_list: visibleTabId=${tabId}\\b`));
    });

    it("once Chrome quits and its lingering bridge is stopped, no process of this HOME runs and the socket is gone", async () => {
      await mcp?.close();
      mcp = undefined;
      await chrome?.quit();
      expect(await stopEverythingOf(user)).toEqual([]);
      expect(existsSync(join(user.home, "bridge.sock"))).toBe(false);
    });
  });
}
