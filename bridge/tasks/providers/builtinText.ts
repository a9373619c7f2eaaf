import { newUntrustedBoundary, type CommandResult, type SkillDetail, type TaskArtifact } from "../../../protocol/index.js";
import type { MemoryEntry } from "../memoryStore.js";

/**
 * A note as the model reads it back. Notes may quote pages an earlier task read, and other
 * tasks of the agent wrote them, so the value goes inside the page-data markers.
 */
export function memoryReadText(key: string, entry: MemoryEntry | null, keys: readonly string[]): string {
  if (entry === null)
    return `Nothing is stored under "${key}". Keys in this agent's memory: ${keys.length === 0 ? "none" : keys.join(", ")}.`;
  return `The note under "${key}" (written by ${entry.writtenBy} at ${entry.updatedAt}), which may quote pages:\n${newUntrustedBoundary().wrap(entry.value)}`;
}

/** A skill as a guide: its goal and start, then each recorded action, whose names and URLs came from pages. */
export function skillText(skill: SkillDetail): string {
  const actions = skill.edges.flatMap((edge, index) =>
    (edge.body_actions ?? []).map((action) => `${index + 1}. ${JSON.stringify(action)}`),
  );
  return [
    `Skill ${skill.id}: "${skill.goal}", learnt from tasks ${skill.sourceTasks.join(", ")}; ${skill.steps} recorded steps through ${skill.states.length} page states.`,
    `It starts at ${skill.startUrl ?? "the page the task was on"}. Its recorded actions, a guide only (the pages may have changed: read each page before acting):`,
    newUntrustedBoundary().wrap(actions.join("\n") || "(no actions recorded)"),
  ].join("\n");
}

export function artifactSavedText(artifact: TaskArtifact): string {
  return `Saved "${artifact.name}" (${artifact.size} bytes, ${artifact.mimeType}) with this task; the user gets it from tasks.get and tasks.artifact.`;
}

/** How much of a fetched body the model gets at once; from_char reads on. */
export const FETCH_CHARS_PER_CALL = 8_000;

/** A fetched body as the model reads it: what was fetched, then one slice of the text inside the page-data markers. */
export function fetchedText(fetched: CommandResult<"browser.fetch_url">, fromChar: number): string {
  const slice = fetched.text.slice(fromChar, fromChar + FETCH_CHARS_PER_CALL);
  const end = fromChar + slice.length;
  const more =
    end < fetched.text.length
      ? ` Characters ${fromChar}-${end} of ${fetched.text.length}: call fetch_url again with from_char ${end} for more.`
      : fromChar > 0
        ? ` Characters ${fromChar}-${end} of ${fetched.text.length}.`
        : "";
  const cut = fetched.truncated ? ` Only the first ${fetched.bytes} bytes of the body were read.` : "";
  return `GET ${fetched.url}: HTTP ${fetched.status}, ${fetched.mimeType}.${more}${cut}\n${newUntrustedBoundary().wrap(slice)}`;
}

/**
 * A finished download as the model reads it: the file's name (the server chose it, so it is
 * page data), its size and type. Its full path stays in the step's record and browser.downloads.
 */
export function downloadedText(download: CommandResult<"browser.download">): string {
  const name = download.filename.split(/[\\/]/).at(-1) ?? "";
  const what = `${download.bytesReceived} bytes${download.mime === undefined ? "" : `, ${download.mime}`}`;
  if (download.state === "in_progress")
    return `The download of ${download.url} is still running (${what} so far); it goes on in the user's downloads folder.`;
  return `Downloaded ${download.url} into the user's downloads folder (${what}), as the file named:\n${newUntrustedBoundary().wrap(name)}`;
}
