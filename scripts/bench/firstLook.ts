import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isErrorResponse, type Hop } from "../../protocol/index.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import type { SharedBrowser } from "./sharedBrowser.js";
import { median } from "./stats.js";

/** About 1 KB of HTML: a small form page, the size where fixed costs show most. */
export const ONE_KB_PAGE = `<!doctype html><html lang="en"><title>Sign up</title><header><h1>Sign up</h1>
<nav><a href="#home">Home</a> <a href="#help">Help</a> <a href="#about">About</a></nav></header>
<main><p>Create an account to save your reading list and get the weekly letter.</p>
<form><label>Name <input name="name" autocomplete="name"></label>
<label>Email <input type="email" name="email"></label>
<label><input type="checkbox" name="letter"> Weekly letter</label>
<select name="plan" aria-label="Plan"><option>Free</option><option>Plus</option></select>
<button>Create account</button></form>
<ul><li>No spam</li><li>Leave at any time</li><li>Your data stays yours</li></ul></main>
<footer><p>&copy; Example</p></footer></html>`;

/** The largest page of the shared corpus that is a whole real site's page, or null without the corpus. */
export function largeCorpusPage(): { name: string; html: string } | null {
  const file = join(projectRoot(), "..", "shared", "corpus", "readability-dev", "guardian-1", "source.html");
  return existsSync(file) ? { name: "guardian-1 (1.1 MB)", html: readFileSync(file, "utf8") } : null;
}

interface TracedSnapshot {
  ms: number;
  hops: Hop[];
}

async function tracedSnapshot(browser: SharedBrowser): Promise<TracedSnapshot> {
  const started = performance.now();
  const response = await browser.client.send({ type: "browser.snapshot", payload: {}, traceHops: true });
  const ms = performance.now() - started;
  if (isErrorResponse(response)) throw new Error(`traced snapshot failed: ${response.code}: ${response.error}`);
  return { ms, hops: response.hops ?? [] };
}

const KINDS = ["first after a load", "after a DOM change", "cached repeat"] as const;

/**
 * Per document: the first snapshot after a fresh load, then one after a page-script DOM change
 * (computed afresh, as after an action), then a repeat the cache answers; each traced, hop by
 * hop. Prints one table, the three side by side, each cell the median over the documents.
 */
export async function printFirstLook(browser: SharedBrowser, url: string, label: string, documents: number): Promise<void> {
  const calls = new Map<(typeof KINDS)[number], TracedSnapshot[]>(KINDS.map((kind) => [kind, []]));
  for (let index = 0; index < documents; index++) {
    const opened = await browser.client.request("browser.navigate", { url: `${url}?document=${index}` });
    calls.get("first after a load")?.push(await tracedSnapshot(browser));
    await browser
      .pageAt(opened.url)
      .locator("html")
      .evaluate((root, value) => root.setAttribute("data-bench-document", value), String(index));
    calls.get("after a DOM change")?.push(await tracedSnapshot(browser));
    calls.get("cached repeat")?.push(await tracedSnapshot(browser));
  }
  const names: string[] = [];
  for (const traced of calls.values())
    for (const call of traced) for (const hop of call.hops) if (!names.includes(hop.hop)) names.push(hop.hop);
  const cell = (kind: (typeof KINDS)[number], pick: (call: TracedSnapshot) => number | undefined): string => {
    const values = (calls.get(kind) ?? []).flatMap((call) => {
      const value = pick(call);
      return value === undefined ? [] : [value];
    });
    return values.length === 0 ? "-".padStart(9) : median(values).toFixed(2).padStart(9);
  };
  console.log(`\n${label}: browser.snapshot hop by hop, ms, median of ${documents} documents`);
  console.log(`  ${"hop".padEnd(64)} ${KINDS.map((kind) => kind.padStart(19)).join(" ")}`);
  for (const name of names) {
    const cells = KINDS.map((kind) => cell(kind, (call) => call.hops.find((hop) => hop.hop === name)?.ms).padStart(19));
    console.log(`  ${name.padEnd(64)} ${cells.join(" ")}`);
  }
  const rest = (call: TracedSnapshot): number => call.ms - call.hops.reduce((sum, hop) => sum + hop.ms, 0);
  console.log(`  ${"socket, both ways, and the client".padEnd(64)} ${KINDS.map((kind) => cell(kind, rest).padStart(19)).join(" ")}`);
  console.log(`  ${"round trip".padEnd(64)} ${KINDS.map((kind) => cell(kind, (call) => call.ms).padStart(19)).join(" ")}`);
}
