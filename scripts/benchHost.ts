import { join } from "node:path";
import { projectRoot } from "../bridge/install/projectLayout.js";
import { findBrowser } from "../agent-client/launch/findBrowser.js";
import { mcpConfigText } from "../agent-client/cli/mcpConfigText.js";
import { launchTempWebOperator } from "./tempWebOperator.js";
import { playwrightMcp } from "./mcp/peerServers.js";
import { startBookingSite, type BookingSite } from "./mcp/bookingSite.js";
import { PLAYWRIGHT_BOOKING, WEBOPERATOR_BOOKING, bookingPlan, type BookingDialect } from "./mcp/bookingTask.js";
import { startFakeMessagesApi } from "./mcp/fakeMessagesApi.js";
import { runClaudeCode } from "./mcp/claudeCodeHost.js";
import { hostReading, type HostReading } from "./mcp/hostReading.js";
import { claudeCodeModel } from "./mcp/scriptedModel.js";
import type { McpServerLaunch } from "./mcp/toolListCost.js";

/**
 * `npm run bench:host`: issue 31's form task (navigate, snapshot, type a name, pick a party
 * size, click Reserve on a small booking page on 127.0.0.1) through the real Claude Code CLI,
 * once with `weboperator mcp` (lean default, as `mcp config --client claude-code` prints it)
 * and once with Playwright MCP, both driven by the same scripted model on a local fake of
 * the Messages API, which reads every ref out of the snapshot text it was given. Prints, side
 * by side, what the model read: the tool definitions as Claude Code sent them, each result,
 * and the total (`--show-results` prints each result's text too). Characters, not time:
 * nothing here depends on the machine's speed.
 */
async function main(): Promise<void> {
  const browserPath = findBrowser() ?? "/usr/bin/chromium";
  const site = await startBookingSite();
  const ours = await launchTempWebOperator("wo-bench-host-");
  try {
    const weboperator: McpServerLaunch = {
      command: process.execPath,
      args: [join(projectRoot(), "bin", "weboperator.js"), "mcp"],
      env: { WEBOPERATOR_AGENT_SOCKET: ours.launched.socket, WEBOPERATOR_CONFIG_DIR: ours.launched.configDir },
    };
    const playwright = playwrightMcp(browserPath, ["--no-sandbox"]);
    const readings = [
      await readThroughClaudeCode("weboperator mcp", WEBOPERATOR_BOOKING, weboperator, site),
      await readThroughClaudeCode(playwright.label, PLAYWRIGHT_BOOKING, { env: {}, ...playwright.launch }, site),
    ];
    report(readings);
    if (process.argv.includes("--show-results")) showResults(readings);
  } finally {
    await ours.close();
    await site.close();
  }
}

async function readThroughClaudeCode(
  label: string,
  dialect: BookingDialect,
  launch: McpServerLaunch,
  site: BookingSite,
): Promise<HostReading> {
  const before = site.bookings.length;
  const api = await startFakeMessagesApi(
    claudeCodeModel(dialect.server, [...bookingPlan(dialect, site.url), { move: () => ({ answer: "booked" }) }]),
  );
  try {
    const config = mcpConfigText("claude-code", { command: launch.command, args: launch.args, env: launch.env ?? {} }).replace(
      '"weboperator"',
      JSON.stringify(dialect.server),
    );
    const run = await runClaudeCode({
      prompt: "Book a table for Ada Lovelace, party of 4.",
      mcpConfig: config,
      server: dialect.server,
      baseURL: api.baseURL,
    });
    const reading = hostReading(label, dialect.server, api.requests);
    if (run.output?.result !== "booked" || site.bookings.length !== before + 1)
      throw new Error(
        `${label}: the booking did not go through (${run.output?.result ?? run.stderr})\n${reading.steps.map((step) => step.text).join("\n\n")}`,
      );
    return reading;
  } finally {
    await api.close();
  }
}

function report(readings: readonly HostReading[]): void {
  const [ours, theirs] = readings as [HostReading, HostReading];
  const rows: string[][] = [
    ["", ours.label, theirs.label],
    ["tool definitions", `${fmt(ours.definitionChars)} (${ours.tools} tools)`, `${fmt(theirs.definitionChars)} (${theirs.tools} tools)`],
    ["server instructions", fmt(ours.instructionChars), fmt(theirs.instructionChars)],
  ];
  const steps = Math.max(ours.steps.length, theirs.steps.length);
  for (let index = 0; index < steps; index++) {
    const [a, b] = [ours.steps[index], theirs.steps[index]];
    rows.push([`result ${index + 1}`, a ? `${fmt(a.chars)} ${a.tool}` : "—", b ? `${fmt(b.chars)} ${b.tool}` : "—"]);
  }
  rows.push(["results", fmt(ours.resultChars), fmt(theirs.resultChars)]);
  rows.push(["total the model read", fmt(ours.total), fmt(theirs.total)]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log("bench:host: one booking through Claude Code, characters the model read (scripted model, local Messages API)\n");
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
  console.log(
    `\nweboperator mcp / ${theirs.label}: ${(ours.total / theirs.total).toFixed(2)}× in total, ${(ours.resultChars / theirs.resultChars).toFixed(2)}× in results`,
  );
}

/** `--show-results`: every result as the model read it, to see where the characters go. */
function showResults(readings: readonly HostReading[]): void {
  for (const reading of readings)
    for (const [index, step] of reading.steps.entries())
      console.log(`\n--- ${reading.label}, result ${index + 1} (${step.tool}, ${fmt(step.chars)} characters)\n${step.text}`);
}

function fmt(chars: number): string {
  return chars.toLocaleString("en-US");
}

await main();
