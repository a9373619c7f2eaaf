import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { z } from "zod";
import type { TaskContext } from "../../taskTypes.js";
import { WebOperatorError } from "../../../../protocol/index.js";
import { artifactSavedText, downloadedText, fetchedText, memoryReadText, skillText } from "../builtinText.js";

const MemoryReadInputSchema = z.object({ key: z.string() });
const MemoryWriteInputSchema = z.object({ key: z.string(), value: z.string() });
const LoadSkillInputSchema = z.object({ name: z.string() });
const FetchUrlInputSchema = z.object({ url: z.string(), from_char: z.number().optional() });
const DownloadInputSchema = z.object({ url: z.string() });
const CreateArtifactInputSchema = z.object({ name: z.string(), content: z.string(), mimeType: z.string().optional() });

/**
 * The engine's built-ins that need no page, offered to Claude beside the browser toolset:
 * the memory of the agent the task works for, the skills learnt from earlier tasks, and
 * files kept with the task. Each call is one step of the task.
 */
export function builtinTools(task: TaskContext): BetaRunnableTool[] {
  return [
    betaZodTool({
      name: "memory_read",
      description:
        "Read a note that you or an earlier task of the same agent stored with memory_write, by key. If nothing is stored under the key, the result lists the keys there are.",
      inputSchema: MemoryReadInputSchema,
      run: (input) =>
        task.step("memory_read", input, () => {
          const entry = task.memory.read(input.key);
          return Promise.resolve({
            value: memoryReadText(input.key, entry, entry === null ? task.memory.keys() : []),
            summary: entry === null ? `nothing under "${input.key}"` : `read "${input.key}" (${entry.value.length} chars)`,
          });
        }),
    }),
    betaZodTool({
      name: "memory_write",
      description:
        "Store a note (at most 8,000 characters) under a key (1-100 letters, digits, space, '.', '_', ':', '/' or '-'), for later tasks of the same agent: preferences learnt, where things are, what was done. Writing a key again replaces its note. At most 200 keys.",
      inputSchema: MemoryWriteInputSchema,
      run: (input) =>
        task.step("memory_write", { key: input.key, chars: input.value.length }, () => {
          task.memory.write(input.key, input.value);
          return Promise.resolve({
            value: `Stored under "${input.key}" (${input.value.length} characters); later tasks of this agent read it with memory_read.`,
            summary: `wrote "${input.key}" (${input.value.length} chars)`,
          });
        }),
    }),
    betaZodTool({
      name: "load_skill",
      description:
        "Read a skill: a path that earlier tasks took and WebOperator recorded, by its id (skill_...) or its exact goal. The result gives its goal, start URL and recorded actions, as a guide: pages may have changed, so read the page before each action.",
      inputSchema: LoadSkillInputSchema,
      run: (input) =>
        task.step("load_skill", input, () => {
          const skill = task.loadSkill(input.name);
          return Promise.resolve({ value: skillText(skill), summary: `loaded ${skill.id} (${skill.steps} steps)` });
        }),
    }),
    betaZodTool({
      name: "fetch_url",
      description:
        "GET an http(s) URL without the user's cookies (an API, a feed, a plain file) and read its text, 8,000 characters at a time (from_char reads on). The user's allowed and blocked hosts apply, also to redirects. To see a page as the user would, logged in, navigate to it instead.",
      inputSchema: FetchUrlInputSchema,
      run: (input) =>
        task.step("fetch_url", input, async () => {
          const fromChar = input.from_char ?? 0;
          if (!Number.isInteger(fromChar) || fromChar < 0)
            throw new WebOperatorError("bad_request", `from_char is ${fromChar}; give a whole number from 0.`);
          const fetched = await task.browser("browser.fetch_url", { url: input.url });
          return {
            value: fetchedText(fetched, fromChar),
            summary: `GET ${fetched.url}: ${fetched.status}, ${fetched.bytes} bytes`,
            record: { ...fetched, text: `${fetched.text.length} chars` },
          };
        }),
    }),
    betaZodTool({
      name: "download",
      description:
        "Download a file by its URL with the browser, as the user's click would (their cookies), into their downloads folder, and wait for it (up to a minute). The result gives the file's name and size; you cannot open the file. The user's allowed and blocked hosts apply; files over 100 MB are refused.",
      inputSchema: DownloadInputSchema,
      run: (input) =>
        task.step("download", input, async () => {
          const download = await task.browser("browser.download", { url: input.url });
          if (download.state === "interrupted")
            throw new WebOperatorError(
              "navigation_failed",
              `The download of ${download.url} failed (${download.error ?? "no reason given"}).`,
            );
          return {
            value: downloadedText(download),
            summary: `${download.state === "complete" ? "downloaded" : "downloading"} ${download.bytesReceived} bytes`,
            record: download,
          };
        }),
    }),
    betaZodTool({
      name: "create_artifact",
      description:
        "Save a file with this task for the user: a report, a table, extracted data (text, at most 1,000,000 bytes). name: 1-100 letters, digits, '.', '_' or '-' (e.g. report.md); mimeType defaults to text/plain. Saving the same name again replaces the file.",
      inputSchema: CreateArtifactInputSchema,
      run: (input) => {
        const mimeType = input.mimeType ?? "text/plain";
        return task.step("create_artifact", { name: input.name, mimeType, chars: input.content.length }, async () => {
          const artifact = await task.createArtifact({ name: input.name, content: input.content, mimeType });
          return { value: artifactSavedText(artifact), summary: `saved ${artifact.name} (${artifact.size} bytes)` };
        });
      },
    }),
  ];
}
