/** The line of a snapshot that holds `text`, to check what it says about that element. */
export function lineWith(snapshot: string, text: string): string {
  const line = snapshot.split("\n").find((each) => each.includes(text));
  if (line === undefined) throw new Error(`no line with ${JSON.stringify(text)} in:\n${snapshot}`);
  return line;
}

export function refOf(line: string): string {
  const ref = /\[ref=([^\]]+)\]/.exec(line)?.[1];
  if (ref === undefined) throw new Error(`no ref on line: ${line}`);
  return ref;
}

/** Refs, the snapshot id and the URL differ between snapshots of the same content; nothing else may. */
export function withoutIds(text: string): string {
  return text
    .replace(/\[ref=[^\]]+\]/g, "[ref]")
    .replace(/^# Page Snapshot \([^)]*\)$/m, "# Page Snapshot")
    .replace(/^URL: .*$/m, "URL");
}
