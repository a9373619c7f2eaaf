import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { newUntrustedBoundary, type CommandResult } from "../../../../protocol/index.js";
import { optionalInt, requireText } from "./memberInput.js";
import { toClaudeTree } from "./refMap.js";
import type { TaskBrowser } from "./taskBrowser.js";

const READ_PAGE_MAX_CHARS = 50_000;
const PAGE_TEXT_MAX_CHARS = 50_000;

/** Page text for the model, inside page-data markers whose nonce is drawn for this one result. */
export function pageData(text: string): string {
  return newUntrustedBoundary().wrap(text);
}

/** read_page: the tree under the seed's filters, with the task's `[ref_N]` names; `scoped` is our ref of the model's `ref`. */
export async function readPage(
  browser: TaskBrowser,
  tabId: number,
  input: Pick<Beta.BetaBrowserReadPageInput, "depth" | "filter">,
  scoped: string | undefined,
): Promise<string> {
  const depth = optionalInt(input.depth, "depth", 1, 200, 15);
  const page = await browser.call("browser.read_page", {
    tabId,
    mode: input.filter === "interactive" ? "interactive" : "all",
    // The toolset's filters: none is every visible element, "interactive" the visible interactive ones, "all" the whole page.
    viewportOnly: input.filter !== "all",
    depth,
    maxChars: READ_PAGE_MAX_CHARS,
    ...(scoped === undefined ? {} : { ref: scoped }),
  });
  const tree = pageData(toClaudeTree(page.text, browser.refsOf(tabId)));
  return page.truncated ? `${tree}\n[Output capped at ${READ_PAGE_MAX_CHARS} characters: read a smaller depth or a ref's subtree.]` : tree;
}

export async function findInPage(browser: TaskBrowser, tabId: number, query: unknown): Promise<string> {
  const found = await browser.call("browser.find_in_page", { tabId, query: requireText(query, "query", 500), match: "words" });
  if (found.matchCount === 0) return `No element matches "${String(query)}". Try other words, or read_page with filter "interactive".`;
  return pageData(toClaudeTree(found.text, browser.refsOf(tabId)));
}

/** get_page_text: the whole text, as far as the content script's own cap; what the model is not given is kept for the person. */
export async function pageText(browser: TaskBrowser, tabId: number): Promise<string> {
  let text = "";
  let fromChar: number | undefined = 0;
  while (fromChar !== undefined) {
    const page: CommandResult<"browser.extract"> = await browser.call("browser.extract", { tabId, format: "markdown", fromChar });
    text += page.text;
    // Guarded: an offset that does not move on would read the same slice forever.
    fromChar = page.nextChar !== undefined && page.nextChar > fromChar ? page.nextChar : undefined;
  }
  if (text.length <= PAGE_TEXT_MAX_CHARS) return pageData(text);
  return `${pageData(text.slice(0, PAGE_TEXT_MAX_CHARS))}\n[Text capped at ${PAGE_TEXT_MAX_CHARS} of ${text.length} characters. ${await savePageText(browser, tabId, text)}]`;
}

/**
 * Keeps a page text too long for the model as the task's page_text artifact; says where, or
 * why not. An artifact is a file the task made; the task's attachments are the files it was given.
 */
async function savePageText(browser: TaskBrowser, tabId: number, text: string): Promise<string> {
  const name = `page-text-tab${tabId}-${Date.now()}.md`;
  try {
    await browser.task.createArtifact({ name, content: text, mimeType: "text/markdown", kind: "page_text" });
    return `The whole text is saved as this task's page_text artifact "${name}", which the person can open in the side panel.`;
  } catch (error) {
    return `It could not be saved as an artifact (${error instanceof Error ? error.message : String(error)}).`;
  }
}

export async function consoleText(browser: TaskBrowser, tabId: number): Promise<string> {
  const read = await browser.call("browser.read_console", { tabId });
  const lines = read.entries.map(
    (entry) =>
      `[${entry.level}] ${entry.text}${entry.url === undefined ? "" : ` (${entry.url}${entry.line === undefined ? "" : `:${entry.line}`})`}`,
  );
  return lines.length === 0 ? "No console entries since the last read." : pageData(lines.join("\n"));
}

export async function networkText(browser: TaskBrowser, tabId: number): Promise<string> {
  const read = await browser.call("browser.read_network", { tabId });
  // Method, URL, status, MIME type and timing, then the kind of request it was.
  const lines = read.entries.map(
    (entry) =>
      `${entry.method} ${entry.url} ${entry.status ?? entry.error ?? "pending"} ${entry.mimeType ?? "-"} ${Math.round(entry.durationMs ?? 0)}ms [${entry.type}]`,
  );
  return lines.length === 0 ? "No network requests since the last read." : pageData(lines.join("\n"));
}

export async function runJavascript(browser: TaskBrowser, tabId: number, code: string): Promise<string> {
  const ran = await browser.call("browser.run_javascript", { tabId, code });
  return ran.truncated ? `${pageData(ran.result)}\n[truncated]` : pageData(ran.result);
}
