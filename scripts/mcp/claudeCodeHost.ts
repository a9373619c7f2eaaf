import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../bridge/install/projectLayout.js";

/** The pinned devDependency's CLI (a native binary), as `npx claude` would run it. */
const CLAUDE_CODE_BIN = join(projectRoot(), "node_modules", ".bin", "claude");

export interface ClaudeCodeRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** `--output-format json`'s result object, when the CLI printed one. */
  output: { is_error?: boolean; result?: string; num_turns?: number; subtype?: string } | null;
}

export interface ClaudeCodeRunOptions {
  prompt: string;
  /** The MCP config, as `weboperator mcp config --client claude-code` prints it. */
  mcpConfig: string;
  /** The server's name in that config: `--allowedTools mcp__NAME` lets its tools run unprompted. */
  server: string;
  /** The Messages API to talk to (a local fake). */
  baseURL: string;
  timeoutMs?: number;
}

/**
 * Runs the real Claude Code CLI once, non-interactively, as a person scripts it: `-p` with the
 * MCP config as the only servers (`--strict-mcp-config`), no built-in tools (`--tools ""`),
 * the server's tools allowed without a prompt (no --permission-mode needed), nothing saved,
 * in a HOME and working directory of its own so no user settings, CLAUDE.md or login leak
 * in, and no traffic but to `baseURL`.
 */
export async function runClaudeCode(options: ClaudeCodeRunOptions): Promise<ClaudeCodeRun> {
  const home = mkdtempSync(join(tmpdir(), "wo-claude-code-"));
  const configFile = join(home, "mcp.json");
  writeFileSync(configFile, options.mcpConfig);
  const args = [
    "-p",
    options.prompt,
    "--output-format",
    "json",
    "--strict-mcp-config",
    "--mcp-config",
    configFile,
    "--allowedTools",
    `mcp__${options.server}`,
    "--tools",
    "",
    "--no-session-persistence",
  ];
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    ANTHROPIC_BASE_URL: options.baseURL,
    ANTHROPIC_API_KEY: "sk-ant-fake-for-tests",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
  try {
    return await new Promise<ClaudeCodeRun>((resolve, reject) => {
      const child = spawn(CLAUDE_CODE_BIN, args, { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("close", (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr, output: parseOutput(stdout) });
      });
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function parseOutput(stdout: string): ClaudeCodeRun["output"] {
  try {
    return JSON.parse(stdout.trim()) as ClaudeCodeRun["output"];
  } catch {
    return null;
  }
}
