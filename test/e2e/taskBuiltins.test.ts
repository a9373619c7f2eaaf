import { describe, expect, it } from "vitest";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { BOUNDARY_OPEN } from "../../protocol/index.js";
import { answerWithResult, engineTool, lastResultText, type RecordedRequest, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { useClaudeTaskSession } from "../helpers/claudeTaskSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

const REPORT = "# Totals\n\n| item | total |\n| --- | --- |\n| lamps | 3 |\n";

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "remember the colour": [
    engineTool("memory_write", { key: "../colour!", value: "teal" }),
    engineTool("memory_write", { key: "colour", value: "x".repeat(8_001) }),
    engineTool("memory_write", { key: "favourite colour", value: "teal, not green" }),
    answerWithResult,
  ],
  "recall the colour": [engineTool("memory_read", { key: "favourite colour" }), answerWithResult],
  "write the report": [
    engineTool("create_artifact", { name: "../report.md", content: "x" }),
    engineTool("create_artifact", { name: "report.md", content: "draft", mimeType: "not a type" }),
    engineTool("create_artifact", { name: "report.md", content: "draft", mimeType: "text/markdown" }),
    engineTool("create_artifact", { name: "report.md", content: REPORT, mimeType: "text/markdown" }),
    answerWithResult,
  ],
  "fetch the price list": [
    engineTool("fetch_url", { url: "ftp://127.0.0.1/prices.txt" }),
    engineTool("fetch_url", () => ({ url: fixtureUrl("/diag-file.txt") })),
    engineTool("fetch_url", () => ({ url: fixtureUrl("/diag-file.txt").replace("127.0.0.1", "localhost") })),
    engineTool("fetch_url", () => ({
      url: fixtureUrl(`/redirect?to=${encodeURIComponent(fixtureUrl("/diag-file.txt").replace("127.0.0.1", "localhost"))}`),
    })),
    engineTool("fetch_url", () => ({ url: fixtureUrl("/long-read?paragraphs=60"), from_char: 8_000 })),
    answerWithResult,
  ],
  "download the notes": [
    engineTool("download", () => ({ url: fixtureUrl("/diag-file.txt").replace("127.0.0.1", "localhost") })),
    engineTool("download", () => ({
      url: fixtureUrl(`/redirect?to=${encodeURIComponent(fixtureUrl("/diag-file.txt").replace("127.0.0.1", "localhost"))}`),
    })),
    engineTool("download", () => ({ url: fixtureUrl("/diag-file.txt") })),
    answerWithResult,
  ],
};
/** The fixture server's URL of a path, once the session is up. */
let fixtureUrl = (path: string): string => path;

describe("the engine's built-ins: per-agent memory, fetch_url, download and task artifacts, through the socket", () => {
  const claude = useClaudeTaskSession(SCRIPTS);
  const requestsOf = (goal: string): RecordedRequest[] =>
    claude.fake().requests.filter((request) => request.body.messages[0]?.content === goal);
  const named = async (agent: string): Promise<WebOperatorClient> => {
    const client = await claude.session().connect();
    await client.request("bridge.hello", { agent });
    return client;
  };
  const run = async (client: WebOperatorClient, goal: string) => {
    const { id } = await client.request("tasks.start", { goal, startUrl: claude.session().pages.url("/task-form.html") });
    const done = await client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    return { ...done, steps: (await client.request("tasks.get", { id })).steps };
  };

  it("offers the model memory_read, memory_write, load_skill, fetch_url, download and create_artifact beside the browser toolset", async () => {
    const alpha = await named("alpha");
    try {
      await run(alpha, "recall the colour");
      const tools = (requestsOf("recall the colour")[0]?.body.tools ?? []) as Array<{ name?: string }>;
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["memory_read", "memory_write", "load_skill", "fetch_url", "download", "create_artifact"]),
      );
    } finally {
      alpha.close();
    }
  });

  it("memory is the starting agent's: a later task of the same agent reads it, marked as possibly page-derived; another agent's task does not", async () => {
    const alpha = await named("alpha");
    const beta = await named("beta");
    try {
      const wrote = await run(alpha, "remember the colour");
      expect(wrote.steps.filter((step) => step.action === "memory_write").map((step) => step.errorCode)).toEqual([
        "bad_request",
        "payload_too_large",
        null,
      ]);
      const told = requestsOf("remember the colour").map(lastResultText);
      expect(told[1]).toContain('Memory key "../colour!" is not allowed');
      expect(told[2]).toContain("at most 8000 characters");

      // A new connection of the same named agent is the same agent.
      const alphaAgain = await named("alpha");
      const recalled = await run(alphaAgain, "recall the colour").finally(() => alphaAgain.close());
      expect(recalled.answer).toContain('The note under "favourite colour" (written by task_');
      expect(recalled.answer).toContain(`${BOUNDARY_OPEN} `);
      expect(recalled.answer).toContain("teal, not green");

      const other = await run(beta, "recall the colour");
      expect(other.answer).toBe('told: Nothing is stored under "favourite colour". Keys in this agent\'s memory: none.');
    } finally {
      alpha.close();
      beta.close();
    }
  });

  it("fetch_url reads a URL's text as page data, 8,000 characters at a time; the policy's hosts apply to it and to where it redirects", async () => {
    const session = claude.session();
    fixtureUrl = (path) => session.pages.url(path);
    await setUserPolicy(session, { blockedHosts: ["localhost"] });
    try {
      const done = await run(session.client, "fetch the price list");
      expect(done.steps.filter((step) => step.action === "fetch_url").map((step) => step.errorCode)).toEqual([
        "navigation_refused",
        null,
        "policy_denied",
        "policy_denied",
        null,
      ]);
      const told = requestsOf("fetch the price list").map(lastResultText);
      expect(told[2]).toMatch(
        new RegExp(
          `^GET ${fixtureUrl("/diag-file.txt").replace(/[.?]/g, "\\$&")}: HTTP 200, text/plain\.\n${BOUNDARY_OPEN} [0-9a-f]{16}>>>\nWebOperator download fixture\nline two\n`,
        ),
      );
      expect(told[3]).toContain("is denied");
      expect(told[4]).toContain("is denied");
      expect(told[5]).toMatch(
        /^GET .*\/long-read\?paragraphs=60: HTTP 200, text\/html\. Characters 8000-16000 of \d+: call fetch_url again with from_char 16000 for more\./,
      );
    } finally {
      await setUserPolicy(session, null);
    }
    // The same tool on the socket, bounded by maxBytes.
    const fetched = await session.client.request("browser.fetch_url", { url: session.pages.url("/diag-file.txt"), maxBytes: 11 });
    expect(fetched).toEqual({
      url: session.pages.url("/diag-file.txt"),
      status: 200,
      mimeType: "text/plain",
      text: "WebOperator",
      bytes: 11,
      truncated: true,
    });
    expect(await session.errorCode("browser.fetch_url", { url: "not a url" })).toBe("bad_request");
  });

  it("download saves a file through the browser and tells the model its name and size; the policy's hosts apply to it and to where it redirects", async () => {
    const session = claude.session();
    fixtureUrl = (path) => session.pages.url(path);
    await setUserPolicy(session, { blockedHosts: ["localhost"] });
    let done;
    try {
      done = await run(session.client, "download the notes");
    } finally {
      await setUserPolicy(session, null);
    }
    expect(done.steps.filter((step) => step.action === "download").map((step) => step.errorCode)).toEqual([
      "policy_denied",
      "policy_denied",
      null,
    ]);
    expect(done.answer).toMatch(
      new RegExp(
        `^told: Downloaded ${fixtureUrl("/diag-file.txt").replace(/[.?]/g, "\\$&")} into the user's downloads folder \\(38 bytes, text/plain\\), as the file named:\n${BOUNDARY_OPEN} [0-9a-f]{16}>>>\ndiag-file( \\(\\d+\\))?\\.txt\n`,
      ),
    );
    // The one a redirect took to a refused host was cancelled: none from there completed.
    const downloads = (await session.client.request("browser.downloads", {})).downloads;
    expect(downloads.filter((download) => download.url.includes("localhost") && download.state === "complete")).toEqual([]);
    const listed = downloads.filter((download) => download.url.includes("diag-file.txt") && download.state === "complete");
    expect(listed[0]).toMatchObject({ bytesReceived: 38, filename: expect.stringMatching(/diag-file( \(\d+\))?\.txt$/) });
    expect(await session.errorCode("browser.download", { url: "javascript:alert(1)" })).toBe("navigation_refused");
  });

  it("create_artifact keeps a file with the task: listed by tasks.get and the trace, its content from tasks.artifact; a bad name or type is bad_request", async () => {
    const session = claude.session();
    const done = await run(session.client, "write the report");
    expect(done.steps.filter((step) => step.action === "create_artifact").map((step) => step.errorCode)).toEqual([
      "bad_request",
      "bad_request",
      null,
      null,
    ]);
    expect(done.answer).toBe(
      `told: Saved "report.md" (${Buffer.byteLength(REPORT)} bytes, text/markdown) with this task; the user gets it from tasks.get and tasks.artifact.`,
    );
    // The same name again replaced the draft: one artifact.
    expect(done.artifacts).toEqual([
      { name: "report.md", kind: "artifact", mimeType: "text/markdown", size: Buffer.byteLength(REPORT), createdAt: expect.any(String) },
    ]);
    const artifact = await session.client.request("tasks.artifact", { id: done.id, name: "report.md" });
    expect(artifact).toMatchObject({ id: done.id, name: "report.md", mimeType: "text/markdown", content: REPORT });

    const port = (await session.client.request("bridge.health", {})).bridge.tracePort;
    const trace = (await (
      await fetch(`http://127.0.0.1:${port}/v1/tasks/${done.id}/trace`, { headers: { authorization: `Bearer ${session.launched.token}` } })
    ).json()) as { task: { artifacts: unknown[] } };
    expect(trace.task.artifacts).toEqual(done.artifacts);

    expect(await session.errorCode("tasks.artifact", { id: done.id, name: "draft.md" })).toBe("not_found");
    expect(await session.errorCode("tasks.artifact", { id: "task_000000000000", name: "report.md" })).toBe("not_found");
  });
});
