import { createServer, type Server } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import type { Browser, WebWorker } from "puppeteer-core";
import { z } from "zod";
import { ContentReplySchema, EXTENSION_ID } from "../../protocol/index.js";
import { perceptionContentResults } from "../../protocol/content/perceptionResults.js";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";

/**
 * The WPT accessible-name and role cases of ../shared/corpus/wpt-accname (SOURCE.md there):
 * each case page is loaded and snapshotted through the socket, then each case element's
 * role and name are read from the snapshot walk and compared by SOURCE.md's rule.
 */
export const WPT_ACCNAME_DIR = join(projectRoot(), "..", "shared", "corpus", "wpt-accname");
/** SOURCE.md's element rule. */
const CASE_SELECTOR = "[data-expectedlabel],[data-expectedrole],[data-expecteddescription]";
/** Chromium 156's own results on the same cases (SOURCE.md, "Counts"). */
export const CHROMIUM_PASSES = { name: { passed: 669, total: 688 }, role: { passed: 382, total: 409 } } as const;

const CaseSchema = z.object({
  id: z.string(),
  file: z.string(),
  index: z.number().int().nonnegative(),
  kind: z.enum(["name", "role", "description"]),
  expected: z.string(),
  chromium: z.string(),
  chromiumMatches: z.boolean(),
});
export type AccnameCase = z.infer<typeof CaseSchema>;

export interface CaseOutcome {
  case: AccnameCase;
  ours: string;
  /** Whether our value came from the element's own snapshot line. */
  printed: boolean;
  passed: boolean;
  /** A name case: whether the expected name appears, quoted as a name is printed, in browser.snapshot's text. */
  inSnapshot: boolean;
}

export function loadCases(): AccnameCase[] {
  return z.array(CaseSchema).parse(JSON.parse(readFileSync(join(WPT_ACCNAME_DIR, "cases.json"), "utf8")));
}

export function corpusPresent(): boolean {
  return existsSync(join(WPT_ACCNAME_DIR, "cases.json"));
}

/** SOURCE.md: ASCII whitespace collapsed and trimmed for names; roles case-insensitive, none = presentation. */
export function matches(kind: AccnameCase["kind"], expected: string, actual: string): boolean {
  if (kind === "role") return canonicalRole(expected) === canonicalRole(actual);
  return collapse(expected) === collapse(actual);
}

/** The largest snapshot budget the protocol allows: no case page comes near it. */
const SNAPSHOT_CHARS = 500_000;

/**
 * An expected name as a snapshot line prints it: JSON-quoted after SOURCE.md's rule (ASCII
 * whitespace collapsed), so a non-breaking space must be printed as one. No expected name
 * reaches the printed length limit.
 */
export function printedName(expected: string): string {
  return JSON.stringify(collapse(expected));
}

/** Name cases with a non-empty expected name: the ones a snapshot line can show. */
export function isShowableName(outcome: CaseOutcome): boolean {
  return outcome.case.kind === "name" && collapse(outcome.case.expected) !== "";
}

/**
 * The snapshot-text measure: of the showable names, how many appear in our snapshot text, and
 * for how many Chromium's own name matches (its answers, had it printed every one of them).
 */
export function snapshotTally(outcomes: readonly CaseOutcome[]): { found: number; showable: number; chromium: number } {
  const showable = outcomes.filter(isShowableName);
  return {
    found: showable.filter((each) => each.inSnapshot).length,
    showable: showable.length,
    chromium: showable.filter((each) => each.case.chromiumMatches).length,
  };
}

export function formatSnapshotTally(outcomes: readonly CaseOutcome[]): string {
  const { found, showable, chromium } = snapshotTally(outcomes);
  const verdict = found >= chromium ? "target met" : `target not met: ${chromium - found} short`;
  return `names found in snapshot text: ${found} of ${showable}, Chromium's own answers: ${chromium} (${verdict})`;
}

function collapse(text: string): string {
  return text.replace(/[\t\n\f\r ]+/g, " ").replace(/^ | $/g, "");
}

/** ARIA 1.3 names the img role "image"; none and presentation are one role. */
function canonicalRole(role: string): string {
  const lower = role.toLowerCase();
  if (lower === "presentation") return "none";
  if (lower === "img") return "image";
  return lower;
}

export async function runWptAccname(
  browser: Browser,
  client: WebOperatorClient,
  onPage?: (file: string, outcomes: CaseOutcome[]) => void,
): Promise<CaseOutcome[]> {
  const cases = loadCases().filter((each) => each.kind !== "description");
  const byFile = new Map<string, AccnameCase[]>();
  for (const each of cases) byFile.set(each.file, [...(byFile.get(each.file) ?? []), each]);
  const server = await serveCases();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const outcomes: CaseOutcome[] = [];
  try {
    for (const [file, fileCases] of byFile) {
      const opened = await client.request("browser.navigate", { url: `${origin}/${file}` });
      // Through the socket, as an agent would; the budget is lifted so that only naming decides what is printed.
      const snapshot = await client.request("browser.snapshot", { maxChars: SNAPSHOT_CHARS }).catch(() => null);
      const text = snapshot?.text ?? "";
      const limit = Math.max(...fileCases.map((each) => each.index)) + 1;
      const described = await describe(browser, opened.tabId, limit);
      const pageOutcomes = fileCases.map((each): CaseOutcome => {
        const element = described[each.index];
        const ours = element === undefined ? "(missing)" : each.kind === "role" ? element.role : element.name;
        const passed = element !== undefined && matches(each.kind, each.expected, ours);
        return {
          case: each,
          ours,
          printed: element?.printed ?? false,
          passed,
          inSnapshot: each.kind === "name" && text.includes(printedName(each.expected)),
        };
      });
      onPage?.(file, pageOutcomes);
      outcomes.push(...pageOutcomes);
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return outcomes;
}

export interface KindTally {
  passed: number;
  total: number;
}

export function tally(outcomes: readonly CaseOutcome[]): { name: KindTally; role: KindTally } {
  const count = (kind: "name" | "role"): KindTally => {
    const ofKind = outcomes.filter((each) => each.case.kind === kind);
    return { passed: ofKind.filter((each) => each.passed).length, total: ofKind.length };
  };
  return { name: count("name"), role: count("role") };
}

export function formatTable(outcomes: readonly CaseOutcome[]): string {
  const ours = tally(outcomes);
  const row = (kind: "name" | "role"): string =>
    `| ${kind} | ${ours[kind].total} | ${ours[kind].passed} | ${CHROMIUM_PASSES[kind].passed} |`;
  return ["| kind | cases | WebOperator passes | Chromium 156 passes |", "| --- | ---: | ---: | ---: |", row("name"), row("role")].join(
    "\n",
  );
}

const DescribedSchema = perceptionContentResults.describe_elements();

/** The diagnostic content op, sent the way the service worker sends every op. */
async function describe(browser: Browser, tabId: number, limit: number): Promise<z.infer<typeof DescribedSchema>["elements"]> {
  const worker = await extensionWorker(browser);
  const request = JSON.stringify({ op: "describe_elements", selector: CASE_SELECTOR, limit });
  const raw: unknown = await worker.evaluate(`chrome.tabs.sendMessage(${tabId}, ${request}, { frameId: 0 })`);
  const reply = ContentReplySchema.parse(raw);
  if (!reply.ok) throw new Error(`describe_elements failed: ${reply.code}: ${reply.error}`);
  return DescribedSchema.parse(reply.result).elements;
}

async function extensionWorker(browser: Browser): Promise<WebWorker> {
  const target = await browser.waitForTarget(
    (each) => each.type() === "service_worker" && each.url().startsWith(`chrome-extension://${EXTENSION_ID}/`),
  );
  const worker = await target.worker();
  if (worker === null) throw new Error("the extension's service worker is not running");
  return worker;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".xhtml": "application/xhtml+xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".css": "text/css",
  ".js": "text/javascript",
};

/** Serves cases/ as the web root on 127.0.0.1, read in place (the corpus is never copied). */
async function serveCases(): Promise<Server> {
  const root = join(WPT_ACCNAME_DIR, "cases");
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname)).replace(/^\/+/, "");
    let body: Buffer | null = null;
    if (!path.startsWith("..")) {
      try {
        body = readFileSync(join(root, path));
      } catch {
        body = null;
      }
    }
    if (body === null) response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    else response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
