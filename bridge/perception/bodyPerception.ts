import { createHash } from "node:crypto";
import type { CommandResult, SnapshotElement } from "../../protocol/index.js";
import type { BrowserCaller } from "./browserCaller.js";
import { canonicalJson } from "./canonicalJson.js";
import { snapshotLines, type SnapshotLine } from "./snapshotLineParser.js";

/** Large, so that the structure rarely depends on the budget's cut. */
const PERCEPTION_CHARS = 100_000;
const REF_MARKER = /\[ref=([^\]\s]+)\]/g;
const HEADER_ID = /^# Page Snapshot \([^)\n]*\)/;

export type BodyObservation = CommandResult<"body.perceive">;

export interface BodyPerception {
  observation: BodyObservation;
  lines: SnapshotLine[];
  /** `@eN` of each WebOperator ref. */
  atRefs: ReadonlyMap<string, string>;
  records: ReadonlyMap<string, SnapshotElement>;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The a11y structure: each element line's depth and role, and for elements one acts on
 * their name and states. Text, values (`[value=…]`) and refs are not in it, so a clock or
 * a typed draft does not change it, and neither does which tab the page is in.
 */
export function structureOf(lines: readonly SnapshotLine[]): unknown[] {
  return lines.map((line) =>
    line.ref === undefined
      ? [line.depth, line.role]
      : [line.depth, line.role, line.name, line.states.filter((state) => !state.startsWith("[value="))],
  );
}

/**
 * What of the viewport is part of the page's state: its width and orientation, the two a
 * layout answers to (width and orientation media queries). Its height is not: browser UI
 * moves it by tens of pixels without the page changing (the "started debugging this
 * browser" infobar comes and goes as chrome.debugger attaches and detaches, and so do the
 * download and find bars), and a recording made under one must replay under the other.
 */
export function viewportClass(viewport: { width: number; height: number }): { width: number; orientation: "landscape" | "portrait" } {
  return { width: viewport.width, orientation: viewport.width >= viewport.height ? "landscape" : "portrait" };
}

export function encodeState(url: string, lines: readonly SnapshotLine[], viewport: { width: number; height: number }): string {
  const viewportHash = sha256(canonicalJson(viewportClass(viewport)));
  return `sha256:${sha256(canonicalJson({ url, a11y_tree_structure: structureOf(lines), viewport_hash: viewportHash }))}`;
}

export async function perceiveBody(call: BrowserCaller, tabId: number | undefined): Promise<BodyPerception> {
  const snapshot = await call("browser.snapshot", {
    ...(tabId === undefined ? {} : { tabId }),
    maxChars: PERCEPTION_CHARS,
    elements: true,
  });
  const viewport = snapshot.viewport ?? { width: 0, height: 0 };
  const lines = snapshotLines(snapshot.text);
  const atRefs = new Map<string, string>();
  for (const line of lines) if (line.ref !== undefined && !atRefs.has(line.ref)) atRefs.set(line.ref, `@e${atRefs.size + 1}`);
  const records = new Map<string, SnapshotElement>();
  for (const record of snapshot.elements ?? []) if (record.ref !== undefined) records.set(record.ref, record);
  const refs = lines.flatMap((line) => {
    const ref = line.ref === undefined ? undefined : atRefs.get(line.ref);
    if (ref === undefined || line.ref === undefined) return [];
    const record = records.get(line.ref);
    return [
      {
        ref,
        role: line.role,
        name: line.name,
        tag: record?.tag ?? "",
        states: line.states,
        disabled: record?.disabled ?? line.states.includes("[disabled]"),
      },
    ];
  });
  const tree = snapshot.text.replace(HEADER_ID, "# Page Snapshot").replace(REF_MARKER, (marker, ref: string) => {
    const at = atRefs.get(ref);
    return at === undefined ? marker : `[ref=${at}]`;
  });
  return {
    observation: {
      tabId: snapshot.tabId,
      url: snapshot.url,
      state_hash: encodeState(snapshot.url, lines, viewport),
      viewport,
      document: { title: snapshot.title, truncated: snapshot.truncated },
      a11y_tree: tree,
      refs,
    },
    lines,
    atRefs,
    records,
  };
}
