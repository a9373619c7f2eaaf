import type { TargetHint } from "../../taskTypes.js";

/**
 * Claude's `[ref_N]` names for our refs, one table per tab. A number, once handed out,
 * keeps naming the same element until the tab shows another document (our refs carry
 * the document's nonce), so refs the model holds are never silently renumbered.
 */
export class TabRefMap {
  private document: string | null = null;
  private readonly byOurs = new Map<string, number>();
  private readonly byNumber = new Map<number, { ref: string; hint: TargetHint }>();

  /** Our refs are `s{documentNonce}_{snapshot}_{index}` (deep refs `c…`); the nonce names the document. */
  static documentOf(ref: string): string {
    const match = /^([sc][a-z0-9]+)_/.exec(ref);
    return match?.[1] ?? ref;
  }

  /** The `ref_N` for one of our refs, handing out the next number for a new one. */
  nameFor(ours: string, hint: TargetHint): string {
    const document = TabRefMap.documentOf(ours);
    if (ours.startsWith("s") && this.document !== document) this.reset(document);
    let number = this.byOurs.get(ours);
    if (number === undefined) {
      number = this.byOurs.size + 1;
      this.byOurs.set(ours, number);
    }
    this.byNumber.set(number, { ref: ours, hint });
    return `ref_${number}`;
  }

  resolve(name: string): { ref: string; hint: TargetHint } | undefined {
    const number = /^ref_(\d+)$/.exec(name.trim())?.[1];
    return number === undefined ? undefined : this.byNumber.get(Number(number));
  }

  /** The tab showed a new document: old numbers name nothing any more. */
  reset(document: string | null): void {
    this.document = document;
    this.byOurs.clear();
    this.byNumber.clear();
  }

  get currentDocument(): string | null {
    return this.document;
  }

  toJSON(): { document: string | null; refs: Array<[number, string, TargetHint]> } {
    return { document: this.document, refs: [...this.byNumber].map(([number, entry]) => [number, entry.ref, entry.hint]) };
  }

  static fromJSON(value: { document: string | null; refs: Array<[number, string, TargetHint]> }): TabRefMap {
    const map = new TabRefMap();
    map.document = value.document;
    for (const [number, ref, hint] of value.refs) {
      map.byOurs.set(ref, number);
      map.byNumber.set(number, { ref, hint });
    }
    return map;
  }
}

const SNAPSHOT_LINE = /^(\s*)- (.*?)\s*\[ref=([^\]]+)\](.*)$/;
const ROLE_NAME = /^([a-z][\w-]*)(?: "((?:[^"\\]|\\.)*)")?/;

/**
 * Our snapshot text in Claude's read_page form: `- button "Search" [ref=s1_2_4]` becomes
 * `button "Search" [ref_4]`, indentation kept, the header reduced to URL and title.
 */
export function toClaudeTree(text: string, refs: TabRefMap): string {
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("# Page Snapshot")) continue;
    const match = SNAPSHOT_LINE.exec(line);
    if (match === null) {
      lines.push(line.replace(/^(\s*)- /, "$1"));
      continue;
    }
    const [, indent = "", body = "", ours = "", rest = ""] = match;
    const roleName = ROLE_NAME.exec(body);
    const hint = { role: roleName?.[1] ?? "", name: (roleName?.[2] ?? "").replace(/\\(.)/g, "$1") };
    lines.push(`${indent}${body} [${refs.nameFor(ours, hint)}]${rest}`);
  }
  return lines.join("\n").trim();
}
