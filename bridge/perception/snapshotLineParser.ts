/** One element line of a snapshot's text: `  - role "name" [state] [ref=REF]`. */
export interface SnapshotLine {
  depth: number;
  role: string;
  name: string;
  states: string[];
  ref?: string;
}

const LINE = /^( *)- ([a-zA-Z][\w-]*)(:?)(.*)$/;
const QUOTED = /^ ("(?:[^"\\]|\\.)*")/;
const BRACKET = /\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\]/g;
const REF = /^\[ref=([^\]\s]+)\]$/;

/**
 * The element lines of a snapshot, in order. Text lines (`- text: …`) and the inline text
 * of `- role: text` lines are left out: they are content, not structure.
 */
export function snapshotLines(text: string): SnapshotLine[] {
  const body = text.slice(text.indexOf("\n\n") + 2);
  const lines: SnapshotLine[] = [];
  for (const raw of body.split("\n")) {
    const match = LINE.exec(raw);
    if (match === null) continue;
    const [, indent = "", role = "", colon, rest = ""] = match;
    if (role === "text") continue;
    const line: SnapshotLine = { depth: indent.length / 2, role, name: "", states: [] };
    if (colon === "") {
      const quoted = QUOTED.exec(rest);
      const tail = quoted === null ? rest : rest.slice(quoted[0].length);
      if (quoted?.[1] !== undefined) line.name = JSON.parse(quoted[1]) as string;
      for (const token of tail.match(BRACKET) ?? []) {
        const ref = REF.exec(token);
        if (ref?.[1] !== undefined) line.ref = ref[1];
        else line.states.push(token);
      }
    }
    lines.push(line);
  }
  return lines;
}
