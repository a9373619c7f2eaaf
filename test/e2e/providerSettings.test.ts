import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { WebOperatorError } from "../../protocol/index.js";
import { byGoal, startFakeMessagesApi, type FakeMessagesApi, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { runCli, type CliRun } from "../helpers/cliProcess.js";
import { openSidePanel } from "../helpers/sidePanel.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const GOAL = "Read the current page title";
const answer: ScriptedTurn = () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "The title is read." }] });
/** No provider setting reaches the bridge from its environment. */
const NO_PROVIDER_ENV = { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "", OPENAI_BASE_URL: "", OPENAI_API_KEY: "", OPENAI_MODEL: "" };
const CLI_SECRET = "sk-ant-cli-0123456789abcdef";
const ARGUMENT_SECRET = "sk-ant-argument-fedcba9876543210";
const PANEL_SECRET = "sk-ant-panel-5555aaaa7777bbbb";

function cliEnvFor(session: WebOperatorSession): NodeJS.ProcessEnv {
  // The shell has no provider variables either: what the CLI prints comes from the file and the bridge.
  return {
    ...process.env,
    ...NO_PROVIDER_ENV,
    WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
    WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
    WEBOPERATOR_API_TOKEN: "",
  };
}

/** The key the last Messages API request carried (the SDK sends it as a bearer token here, x-api-key elsewhere). */
function keySentTo(fake: FakeMessagesApi): string | undefined {
  const headers = fake.requests.at(-1)?.headers ?? {};
  const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
  return bearer ?? (typeof headers["x-api-key"] === "string" ? headers["x-api-key"] : undefined);
}

function printed(run: CliRun): string {
  return run.stdout + run.stderr;
}

async function runTask(session: WebOperatorSession): Promise<{ status: string }> {
  const { id } = await session.client.request("tasks.start", { goal: GOAL, startUrl: session.pages.url("/task-form.html") });
  return session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
}

async function startError(session: WebOperatorSession): Promise<WebOperatorError> {
  const error = await session.client
    .request("tasks.start", { goal: GOAL, startUrl: session.pages.url("/task-form.html") })
    .catch((caught: unknown) => caught);
  if (!(error instanceof WebOperatorError)) throw new Error(`tasks.start did not fail: ${JSON.stringify(error)}`);
  return error;
}

describe("provider settings written while the browser runs (no provider variables in its environment)", () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  let env: NodeJS.ProcessEnv;
  let file: string;
  const cli = (...args: string[]): Promise<CliRun> => runCli(args, env);
  const lastKey = (): string | undefined => keySentTo(fake);

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal({ [GOAL]: [answer] }));
    session = await startWebOperatorSession(NO_PROVIDER_ENV);
    env = cliEnvFor(session);
    file = join(session.launched.configDir, "providers.json");
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  it("tasks.start first answers provider_not_configured, naming the command that fixes it", async () => {
    const error = await startError(session);
    expect(error.code).toBe("provider_not_configured");
    expect(error.message).toContain("weboperator config set ANTHROPIC_API_KEY -");
    expect(error.message).toContain("no browser restart is needed");
  });

  it("`weboperator config set` writes a 0600 file in a 0700 dir, never prints the key, and the next tasks.start uses it", async () => {
    const base = await cli("config", "set", "ANTHROPIC_BASE_URL", fake.baseURL);
    expect(base.status, printed(base)).toBe(0);
    // Not a secret: it is shown.
    expect(base.stdout).toContain(`ANTHROPIC_BASE_URL = ${fake.baseURL} set in ${file} (mode 0600)`);
    const key = await runCli(["config", "set", "ANTHROPIC_API_KEY", "-"], env, `${CLI_SECRET}\n`);
    expect(key.status, printed(key)).toBe(0);
    expect(key.stdout).toContain(`ANTHROPIC_API_KEY set in ${file}`);
    expect(printed(key)).not.toContain(CLI_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_API_KEY: CLI_SECRET });

    expect(await runTask(session)).toMatchObject({ status: "succeeded" });
    expect(lastKey()).toBe(CLI_SECRET);
  });

  it("a key given as an argument is not echoed either; get, list and bad values never print a secret", async () => {
    const set = await cli("config", "set", "ANTHROPIC_API_KEY", ARGUMENT_SECRET);
    expect(set.status, printed(set)).toBe(0);
    expect(printed(set)).not.toContain(ARGUMENT_SECRET);
    const get = await cli("config", "get", "ANTHROPIC_API_KEY");
    expect(get.status).toBe(0);
    expect(get.stdout).toContain("ANTHROPIC_API_KEY is set");
    const list = await cli("config", "list");
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/ANTHROPIC_API_KEY +set \(secret: not shown\)/);
    expect(list.stdout).toMatch(/OPENAI_BASE_URL +not set/);
    expect(list.stdout).toContain(fake.baseURL);
    // A key pasted in the NAME's place is not repeated in the usage error.
    const misplaced = await cli("config", "set", ARGUMENT_SECRET, "x");
    expect(misplaced.status).toBe(2);
    const badUrl = await cli("config", "set", "OPENAI_BASE_URL", "localhost:11434");
    expect(badUrl.status).toBe(1);
    expect(badUrl.stderr).toContain("error [bad_request]: OPENAI_BASE_URL must be an http(s) URL");
    for (const run of [get, list, misplaced, badUrl]) {
      expect(printed(run)).not.toContain(ARGUMENT_SECRET);
      expect(printed(run)).not.toContain(CLI_SECRET);
    }
    expect(await runTask(session)).toMatchObject({ status: "succeeded" });
    expect(lastKey()).toBe(ARGUMENT_SECRET);
  });

  it("doctor and tasks.providers say which providers are configured and from where, without the key", async () => {
    const report = await session.client.request("tasks.providers", {});
    expect(report.file).toBe(file);
    expect(report.settings.find((setting) => setting.name === "ANTHROPIC_API_KEY")).toEqual({
      name: "ANTHROPIC_API_KEY",
      source: "file",
      secret: true,
      value: null,
    });
    expect(report.providers).toEqual([
      {
        provider: "claude",
        configured: true,
        detail: `ANTHROPIC_API_KEY from the settings file, ANTHROPIC_BASE_URL = ${fake.baseURL} from the settings file`,
      },
      { provider: "browser-use", configured: false, detail: expect.stringContaining("needs OPENAI_BASE_URL") },
    ]);
    expect(JSON.stringify(report)).not.toContain(ARGUMENT_SECRET);
    const doctor = await cli("doctor", "--user-data-dir", session.launched.userDataDir);
    expect(doctor.status, doctor.stdout).toBe(0);
    expect(doctor.stdout).toContain("✓ provider claude: configured: ANTHROPIC_API_KEY from the settings file");
    expect(doctor.stdout).toContain("✓ provider browser-use: not configured: needs OPENAI_BASE_URL");
    expect(printed(doctor)).not.toContain(ARGUMENT_SECRET);
  });

  it("the side panel's Settings clear and set the key, show only whether it is set, and the next task uses it", async () => {
    const panel = await openSidePanel(session);
    await panel.show("settings");
    await panel.waitFor("#provider-ANTHROPIC_API_KEY-status");
    const status = (name: string): Promise<string> => panel.page.$eval(`#provider-${name}-status`, (element) => element.textContent ?? "");
    expect(await status("ANTHROPIC_API_KEY")).toBe("set");
    expect(await status("ANTHROPIC_BASE_URL")).toBe(`set: ${fake.baseURL}`);
    expect(await status("OPENAI_API_KEY")).toBe("not set");
    expect(await panel.page.content()).not.toContain(ARGUMENT_SECRET);
    await panel.capture("settings-providers");

    await panel.page.click("#provider-ANTHROPIC_API_KEY-clear");
    await panel.page.waitForFunction(() => document.querySelector("#provider-ANTHROPIC_API_KEY-status")?.textContent === "not set");
    expect((await cli("config", "get", "ANTHROPIC_API_KEY")).status).toBe(1);
    expect((await startError(session)).code).toBe("provider_not_configured");

    await panel.page.type("#provider-ANTHROPIC_API_KEY", PANEL_SECRET);
    await panel.page.click("#provider-ANTHROPIC_API_KEY-save");
    await panel.page.waitForFunction(() => document.querySelector("#provider-ANTHROPIC_API_KEY-status")?.textContent === "set");
    expect(await panel.text()).toContain("ANTHROPIC_API_KEY saved. The next task uses it.");
    // Write-only: neither the field nor anything else on the page holds the key now.
    expect(await panel.page.$eval("#provider-ANTHROPIC_API_KEY", (input) => (input as HTMLInputElement).value)).toBe("");
    expect(await panel.page.content()).not.toContain(PANEL_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ ANTHROPIC_API_KEY: PANEL_SECRET });

    expect(await runTask(session)).toMatchObject({ status: "succeeded" });
    expect(lastKey()).toBe(PANEL_SECRET);

    // A bad URL is refused in the panel, and the file keeps the old one.
    await panel.page.type("#provider-ANTHROPIC_BASE_URL", "not a url");
    await panel.page.click("#provider-ANTHROPIC_BASE_URL-save");
    await panel.page.waitForFunction(
      () => document.querySelector("#providers .notice.bad")?.textContent?.includes("must be an http(s) URL") === true,
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ ANTHROPIC_BASE_URL: fake.baseURL });
    await panel.page.close();
  });
});

describe("the bridge's environment wins over the provider settings file", () => {
  const ENV_KEY = "sk-ant-env-1111222233334444";
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal({ [GOAL]: [answer] }));
    session = await startWebOperatorSession({ ...NO_PROVIDER_ENV, ANTHROPIC_API_KEY: ENV_KEY, ANTHROPIC_BASE_URL: fake.baseURL });
    env = cliEnvFor(session);
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  it("a task uses the environment's key and base URL, not the file's; doctor says so", async () => {
    expect((await runCli(["config", "set", "ANTHROPIC_API_KEY", "-"], env, "sk-ant-file-key\n")).status).toBe(0);
    // Nothing listens on port 9: were the file's URL used, the task would fail.
    expect((await runCli(["config", "set", "ANTHROPIC_BASE_URL", "http://127.0.0.1:9/"], env)).status).toBe(0);
    expect(await runTask(session)).toMatchObject({ status: "succeeded" });
    expect(keySentTo(fake)).toBe(ENV_KEY);
    const doctor = await runCli(["doctor", "--user-data-dir", session.launched.userDataDir], env);
    expect(doctor.stdout).toContain(
      `✓ provider claude: configured: ANTHROPIC_API_KEY from the bridge's environment, ANTHROPIC_BASE_URL = ${fake.baseURL} from the bridge's environment`,
    );
    expect(printed(doctor)).not.toContain(ENV_KEY);
    expect(printed(doctor)).not.toContain("sk-ant-file-key");
  });
});
