import type { BetaBrowserStateChange, BetaBrowserStateTabEntry } from "@anthropic-ai/sdk/resources/beta";
import type { DownloadSummary } from "../../../../protocol/tools/diagnosticsTools.js";
import { redactUrl } from "../../../../protocol/redaction.js";

/*
 * The browser_state block Claude's API renders into text the model reads. Tab titles and
 * URLs and download URLs come from pages and servers, so they are a prompt-injection
 * surface: the SDK folds them to one line within the API's limits, and here they are also
 * cut short, cleared of credentials and, for titles that read like orders, withheld. Every
 * block is then checked against the API's rules before it goes out, because the API
 * refuses the whole request for one bad field and that ends the task.
 */

/** The API's per-field limit; a block over it is refused. */
const FIELD_MAX = 4_096;
const MAX_TABS = 100;
const MAX_STATE_CHANGES = 200;
/** Long enough for any real title, short enough that a page cannot write a paragraph of orders into one. */
const TITLE_MAX = 150;
/** Long enough to tell pages apart; a longer URL is cut (the agent reads the page, not its URL). */
const URL_MAX = 500;
/** C0 and C1 controls and the Unicode line and paragraph separators, which the API refuses. */
const LINE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const LINE_UNSAFE_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Phrases that address the reader rather than name a page: a title saying them is withheld. */
const INSTRUCTION_LIKE = [
  /\b(ignore|disregard|forget|override)\b[^.]{0,40}\b(instructions?|prompts?|rules|guidelines|directions)\b/i,
  /\b(system|developer)\s*(prompt|message|instructions?)\b/i,
  /\byou\s+(are|must|should)\s+now\b/i,
  /\bnew\s+instructions?\b/i,
  /\b(assistant|system|user)\s*:/i,
  /<<<|>>>|<\/?(system|instructions?)>/i,
];

export const WITHHELD_TITLE = "(title withheld: it reads like instructions to the agent)";

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function oneLine(text: string): string {
  return text.replace(LINE_UNSAFE_RUNS, " ").replace(/\s+/g, " ").trim();
}

/** A page title as the model may read it: one line, short, and never one that reads like orders. */
export function titleForModel(title: string): string {
  const line = oneLine(title);
  return INSTRUCTION_LIKE.some((pattern) => pattern.test(line)) ? WITHHELD_TITLE : cut(line, TITLE_MAX);
}

/**
 * A page's URL as the model may read it: credentials and secret-looking parameters
 * redacted, percent-encoded by the URL parser (so no spaces or quotes), and cut short. A
 * `data:` or `blob:` URL is the page's own content, so only its scheme is shown.
 */
export function urlForModel(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return cut(oneLine(raw), URL_MAX);
  }
  if (url.protocol === "data:" || url.protocol === "blob:" || url.protocol === "javascript:") return `${url.protocol}…`;
  return cut(oneLine(redactUrl(url.href)), URL_MAX);
}

/**
 * A download URL as the model may read it: a server's final URL often carries signed
 * credentials in its query after redirects, and the model never needs them, so query and
 * fragment are dropped.
 */
export function downloadUrlForModel(raw: string): string {
  try {
    const url = new URL(raw);
    url.search = "";
    url.hash = "";
    return urlForModel(url.href);
  } catch {
    return urlForModel(raw);
  }
}

export function tabEntryForModel(tab: BetaBrowserStateTabEntry): BetaBrowserStateTabEntry {
  return { ...tab, title: titleForModel(tab.title), url: urlForModel(tab.url) };
}

/** A download this task's action started: download_started declares only its id and URL, and the API refuses any other field. */
export function downloadStarted(download: DownloadSummary): BetaBrowserStateChange {
  return { type: "download_started", download_id: download.download_id, url: downloadUrlForModel(download.url) };
}

/**
 * A download that finished or failed, with only the fields its type declares. `path` goes with a
 * completion (the SDK keeps it only when its file policy lets file_upload read it), and
 * the size once Chrome knows it.
 */
export function downloadSettled(download: DownloadSummary): BetaBrowserStateChange | null {
  const url = downloadUrlForModel(download.url);
  if (download.state === "complete") {
    const size = download.totalBytes ?? download.bytesReceived;
    return {
      type: "download_completed",
      download_id: download.download_id,
      url,
      ...(download.filename === "" ? {} : { path: download.filename }),
      ...(Number.isInteger(size) && size >= 0 ? { size_bytes: size } : {}),
    };
  }
  if (download.state === "interrupted") {
    return {
      type: "download_failed",
      download_id: download.download_id,
      url,
      ...(download.error === undefined ? {} : { error: oneLine(download.error) }),
    };
  }
  return null;
}

/**
 * The changes one block may carry: a download reports once per block, by its latest event
 * (one that started and finished during the call reports only its completion), and a
 * `tab_opened` only for a tab still listed.
 */
export function coalescedChanges(
  changes: readonly BetaBrowserStateChange[],
  tabs: readonly BetaBrowserStateTabEntry[],
): BetaBrowserStateChange[] {
  const listed = new Set(tabs.map((tab) => tab.tab_id));
  const latestAt = new Map<string, number>();
  changes.forEach((change, at) => {
    if (change.type !== "tab_opened") latestAt.set(change.download_id, at);
  });
  const seenTabs = new Set<string>();
  return changes.filter((change, at) => {
    if (change.type !== "tab_opened") return latestAt.get(change.download_id) === at;
    if (!listed.has(change.tab_id) || seenTabs.has(change.tab_id)) return false;
    seenTabs.add(change.tab_id);
    return true;
  });
}

/** The fields each kind of state change declares; the API refuses any other. */
const DECLARED_FIELDS: Record<BetaBrowserStateChange["type"], { required: readonly string[]; optional: readonly string[] }> = {
  tab_opened: { required: ["type", "tab_id"], optional: [] },
  download_started: { required: ["type", "download_id", "url"], optional: [] },
  download_completed: { required: ["type", "download_id", "url"], optional: ["path", "size_bytes"] },
  download_failed: { required: ["type", "download_id", "url"], optional: ["error"] },
};

function fieldProblem(where: string, value: unknown, nonEmpty: boolean): string | null {
  if (typeof value !== "string") return `${where} is not a string`;
  if (nonEmpty && value === "") return `${where} is empty`;
  if (value.length > FIELD_MAX) return `${where} is longer than ${FIELD_MAX} characters`;
  if (LINE_UNSAFE.test(value)) return `${where} holds a control character or a line separator`;
  return null;
}

function changeProblems(change: BetaBrowserStateChange, at: number): string[] {
  const where = `state_changes[${at}]`;
  const declared = DECLARED_FIELDS[change.type] as (typeof DECLARED_FIELDS)[keyof typeof DECLARED_FIELDS] | undefined;
  if (declared === undefined) return [`${where} has the unknown type ${JSON.stringify(change.type)}`];
  const problems: string[] = [];
  const fields = change as unknown as Record<string, unknown>;
  const present = Object.keys(fields).filter((key) => fields[key] !== undefined);
  for (const key of present)
    if (!declared.required.includes(key) && !declared.optional.includes(key))
      problems.push(`${where} (${change.type}) carries the undeclared field ${key}`);
  for (const key of declared.required) if (fields[key] === undefined) problems.push(`${where} (${change.type}) lacks ${key}`);
  for (const key of ["tab_id", "download_id", "url", "path", "error"]) {
    if (fields[key] === undefined) continue;
    const problem = fieldProblem(`${where}.${key}`, fields[key], key === "tab_id" || key === "download_id");
    if (problem !== null) problems.push(problem);
  }
  if ("size_bytes" in fields && fields.size_bytes !== undefined) {
    const size = fields.size_bytes;
    if (typeof size !== "number" || !Number.isInteger(size) || size < 0) problems.push(`${where}.size_bytes is not a non-negative integer`);
  }
  return problems;
}

/** A browser_state block as this executor builds it: tabs and the wire's own state changes. */
export interface BrowserStateWire {
  tabs: BetaBrowserStateTabEntry[];
  state_changes?: BetaBrowserStateChange[];
}

/** Every way the block breaks the API's rules for browser_state; empty when it may be sent. */
export function browserStateProblems(block: BrowserStateWire): string[] {
  const problems: string[] = [];
  const { tabs } = block;
  if (tabs.length > MAX_TABS) problems.push(`tabs lists ${tabs.length} tabs, more than ${MAX_TABS}`);
  if (tabs.length > 0 && tabs.filter((tab) => tab.active === true).length !== 1)
    problems.push("tabs does not have exactly one active entry");
  const ids = new Set<string>();
  tabs.forEach((tab, at) => {
    if (ids.has(tab.tab_id)) problems.push(`tabs[${at}].tab_id ${JSON.stringify(tab.tab_id)} is listed twice`);
    ids.add(tab.tab_id);
    for (const key of ["tab_id", "title", "url"] as const) {
      const problem = fieldProblem(`tabs[${at}].${key}`, tab[key], key === "tab_id");
      if (problem !== null) problems.push(problem);
    }
  });
  const changes = block.state_changes;
  if (changes === undefined) return problems;
  if (changes.length === 0) problems.push("state_changes is empty (omit it instead)");
  if (changes.length > MAX_STATE_CHANGES) problems.push(`state_changes has ${changes.length} entries, more than ${MAX_STATE_CHANGES}`);
  const downloads = new Set<string>();
  changes.forEach((change, at) => {
    problems.push(...changeProblems(change, at));
    if (change.type === "tab_opened" && !ids.has(change.tab_id))
      problems.push(`state_changes[${at}] opens ${JSON.stringify(change.tab_id)}, which tabs does not list`);
    if (change.type !== "tab_opened") {
      if (downloads.has(change.download_id))
        problems.push(`state_changes[${at}] is a second entry for download ${JSON.stringify(change.download_id)}`);
      downloads.add(change.download_id);
    }
  });
  return problems;
}

/**
 * The block to send: coalesced, and checked. A block that still breaks a rule would make
 * the API refuse the request and end the task, so it goes out without its state changes,
 * or with the tabs cut to the limit, and the problems are returned for the bridge's log.
 */
export function sendableBrowserState(
  tabs: BetaBrowserStateTabEntry[],
  changes: readonly BetaBrowserStateChange[],
): { block: BrowserStateWire; problems: string[] } {
  const kept = coalescedChanges(changes, tabs);
  const block: BrowserStateWire = kept.length > 0 ? { tabs, state_changes: kept } : { tabs };
  const problems = browserStateProblems(block);
  if (problems.length === 0) return { block, problems };
  const active = tabs.find((tab) => tab.active === true);
  const capped = tabs.slice(0, MAX_TABS);
  if (active !== undefined && !capped.includes(active)) capped[capped.length - 1] = active;
  const repaired: BrowserStateWire = { tabs: capped };
  return { block: browserStateProblems(repaired).length === 0 ? repaired : { tabs: [] }, problems };
}
