import { join } from "node:path";
import { projectRoot } from "../bridge/install/projectLayout.js";
import { findBrowser } from "../agent-client/launch/findBrowser.js";
import { mcpConfigText } from "../agent-client/cli/mcpConfigText.js";
import { launchTempWebOperator } from "./tempWebOperator.js";
import { chromeDevtoolsMcp, packageVersion, playwrightMcp } from "./mcp/peerServers.js";
import type { DialectFactory } from "./mcp/agentDialect.js";
import { weboperatorDialect } from "./mcp/weboperatorDialect.js";
import { playwrightDialect } from "./mcp/playwrightDialect.js";
import { devtoolsDialect } from "./mcp/devtoolsDialect.js";
import { agentModel } from "./mcp/agentModel.js";
import { HOST_TASKS, type HostTask } from "./mcp/hostTasks.js";
import { startShopSite } from "./mcp/shopSite.js";
import { startFakeMessagesApi } from "./mcp/fakeMessagesApi.js";
import { runClaudeCode } from "./mcp/claudeCodeHost.js";
import { taskReading, type TaskReading } from "./mcp/taskReading.js";
import { hostReport, type TaskRow } from "./mcp/hostTable.js";
import type { McpServerLaunch } from "./mcp/toolListCost.js";

/** A server under measurement: how the host starts it, and how the scripted agent speaks to it. */
interface ServerUnderTest {
  label: string;
  launch: McpServerLaunch;
  dialect: DialectFactory;
}

/**
 * `npm run bench:host`: multi-page tasks on the bench's own store (scripts/mcp/shopSite.ts,
 * on 127.0.0.1) through the real Claude Code CLI, once per task and server (`--runs N` for
 * more) with `weboperator mcp` (lean default, as `mcp config --client claude-code` prints
 * it), Playwright MCP and chrome-devtools-mcp, each driven by the same scripted agent on a
 * local fake of the Messages API (scripts/mcp/scriptedAgent.ts): it reads refs out of the
 * text it was given and takes a snapshot only when its view of the page is stale or lacks
 * what it needs. The site's server must hold what the task did, and the final answer must
 * say the figure the page showed. Prints model turns, result characters and each server's
 * share of what the model read (`--show-results` prints each result's text too;
 * `--tasks buy,read` runs only those).
 */
async function main(): Promise<void> {
  const runs = Number(argument("--runs") ?? "1");
  const only = argument("--tasks")?.split(",");
  const tasks = HOST_TASKS.filter((task) => only === undefined || only.includes(task.name));
  const browserPath = findBrowser() ?? "/usr/bin/chromium";
  const ours = await launchTempWebOperator("wo-bench-host-");
  try {
    const playwright = playwrightMcp(browserPath, ["--no-sandbox"]);
    const devtools = chromeDevtoolsMcp(browserPath, ["--chromeArg=--no-sandbox"]);
    const servers: ServerUnderTest[] = [
      {
        label: "weboperator mcp",
        launch: {
          command: process.execPath,
          args: [join(projectRoot(), "bin", "weboperator.js"), "mcp"],
          env: { WEBOPERATOR_AGENT_SOCKET: ours.launched.socket, WEBOPERATOR_CONFIG_DIR: ours.launched.configDir },
        },
        dialect: weboperatorDialect,
      },
      { label: playwright.label, launch: playwright.launch, dialect: playwrightDialect },
      { label: devtools.label, launch: devtools.launch, dialect: devtoolsDialect },
    ];
    const rows: TaskRow[] = [];
    for (const task of tasks) {
      const readings: TaskReading[] = [];
      for (const server of servers) {
        const perRun: TaskReading[] = [];
        for (let run = 0; run < runs; run++) perRun.push(await playTask(task, server));
        readings.push(median(perRun));
        if (new Set(perRun.map((reading) => reading.turns)).size > 1)
          console.log(`${task.name}, ${server.label}: turns varied over runs: ${perRun.map((reading) => reading.turns).join(", ")}`);
      }
      rows.push({ task: task.name, readings });
    }
    console.log(
      `bench:host: ${tasks.length} tasks through Claude Code ${packageVersion("@anthropic-ai/claude-code")} (scripted agent, local Messages API), ${runs} run(s) each\n`,
    );
    for (const task of tasks) console.log(`- ${task.title}`);
    console.log(`\n${hostReport(rows)}`);
    if (process.argv.includes("--show-results")) showResults(rows);
  } finally {
    await ours.close();
  }
}

/** One task through Claude Code with one server, on a fresh site (a new origin, so no cookie or cart carries over). */
async function playTask(task: HostTask, server: ServerUnderTest): Promise<TaskReading> {
  const site = await startShopSite();
  const serverName = server.dialect(new Set()).server;
  const api = await startFakeMessagesApi(agentModel(server.dialect, task.play(site.url)));
  try {
    const launch = server.launch;
    const config = mcpConfigText("claude-code", { command: launch.command, args: launch.args, env: launch.env ?? {} }).replace(
      '"weboperator"',
      JSON.stringify(serverName),
    );
    const run = await runClaudeCode({ prompt: task.prompt(site.url), mcpConfig: config, server: serverName, baseURL: api.baseURL });
    const reading = taskReading(server.label, serverName, api.requests);
    const answer = run.output?.result ?? "";
    const wrong = answer === "" ? `no answer (${run.stderr.slice(0, 500)})` : task.check(site.state, answer);
    if (wrong !== undefined)
      throw new Error(
        `${task.name}, ${server.label}: ${wrong}\nanswer: ${answer}\n${reading.steps.map((step) => `[${step.tool}] ${step.text}`).join("\n\n")}`,
      );
    return reading;
  } finally {
    await api.close();
    await site.close();
  }
}

/** The run whose turns and share are the median of the runs (turns are the same every run for a scripted model). */
function median(readings: readonly TaskReading[]): TaskReading {
  const sorted = [...readings].sort((a, b) => a.turns - b.turns || a.serverShare - b.serverShare);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** `--show-results`: every result as the model read it, to see where the characters go. */
function showResults(rows: readonly TaskRow[]): void {
  for (const row of rows)
    for (const reading of row.readings)
      for (const [index, step] of reading.steps.entries())
        console.log(
          `\n--- ${row.task}, ${reading.label}, result ${index + 1} (${step.tool}, ${step.chars.toLocaleString("en-US")} characters)\n${step.text}`,
        );
}

await main();
