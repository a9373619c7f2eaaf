/**
 * Reads refs out of snapshot text. Both drivers print one element a line as
 * `- role "name" … [ref=REF]` (WebOperator's snapshot and read_page_deep, Playwright's AI
 * snapshot), so one reader serves both agents.
 */
const LINE = /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?[^\n]*?\[ref=([^\]\s]+)\][^:\n]*(?::\s*(.*))?$/;

interface SnapshotLine {
  role: string;
  name: string;
  ref: string;
}

function unescapeName(quoted: string): string {
  return quoted.replace(/\\(.)/g, "$1");
}

/** Playwright's snapshot is YAML: a line holding `#` or `: ` is single-quoted whole, its quotes doubled. */
const YAML_QUOTED = /^(\s*- )'(.*)'(:?)$/;

function unquoted(line: string): string {
  const quoted = YAML_QUOTED.exec(line);
  return quoted === null ? line : `${quoted[1] ?? ""}${(quoted[2] ?? "").replace(/''/g, "'")}${quoted[3] ?? ""}`;
}

function lines(text: string): SnapshotLine[] {
  const found: SnapshotLine[] = [];
  for (const line of text.split("\n")) {
    const match = LINE.exec(unquoted(line));
    if (match?.[1] === undefined || match[3] === undefined) continue;
    // A role that takes no name from its content (a listitem) prints its text after the colon instead.
    const name = match[2] === undefined ? (match[4] ?? "").trim() : unescapeName(match[2]);
    found.push({ role: match[1], name, ref: match[3] });
  }
  return found;
}

/** The ref of the first line with this role whose name is `name` (exactly) or matches it; null when none. */
export function refIn(text: string, role: string, name: string | RegExp): string | null {
  const matches = (candidate: string): boolean => (typeof name === "string" ? candidate === name : name.test(candidate));
  return lines(text).find((line) => line.role === role && matches(line.name))?.ref ?? null;
}
