import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { WebOperatorError, type ArtifactKind } from "../../protocol/index.js";
import type { ArtifactRow, ArtifactStore } from "./artifactStore.js";

export const MAX_ARTIFACT_BYTES = 1_000_000;
export const MAX_ARTIFACTS_PER_TASK = 50;
/** Page texts are counted apart, so saved page texts never use up the files the model may create. */
export const MAX_PAGE_TEXTS_PER_TASK = 20;
/** A name that is also a safe file name in the task's folder: no path separators, no leading dot. */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const MIME_PATTERN = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,99}(; ?charset=[a-z0-9-]{1,40})?$/i;

export interface NewArtifact {
  name: string;
  content: string;
  mimeType: string;
  /** Default "artifact" (create_artifact); "page_text" for a page text too long for the model, kept for the person. */
  kind?: ArtifactKind;
}

/** Checks an artifact the model asked for, before anything is written. */
export function checkArtifact(artifact: NewArtifact, existing: readonly ArtifactRow[]): void {
  if (!NAME_PATTERN.test(artifact.name)) {
    throw new WebOperatorError(
      "bad_request",
      `Artifact name "${artifact.name.slice(0, 120)}" is not allowed: 1-100 letters, digits, '.', '_' or '-', starting with a letter or digit (e.g. "report.md").`,
    );
  }
  if (!MIME_PATTERN.test(artifact.mimeType))
    throw new WebOperatorError(
      "bad_request",
      `mimeType "${artifact.mimeType.slice(0, 120)}" is not a MIME type like text/markdown or application/json.`,
    );
  const bytes = Buffer.byteLength(artifact.content, "utf8");
  if (bytes > MAX_ARTIFACT_BYTES)
    throw new WebOperatorError(
      "payload_too_large",
      `The artifact is ${bytes} bytes; at most ${MAX_ARTIFACT_BYTES} fit. Split it into parts.`,
    );
  const kind = artifact.kind ?? "artifact";
  const same = existing.find((row) => row.name === artifact.name);
  if (same !== undefined && same.kind !== kind) {
    throw new WebOperatorError(
      "bad_request",
      `"${artifact.name}" is the name of a ${same.kind === "page_text" ? "page text the task saved" : "file the task created"}; choose another name.`,
    );
  }
  const limit = kind === "page_text" ? MAX_PAGE_TEXTS_PER_TASK : MAX_ARTIFACTS_PER_TASK;
  if (existing.filter((row) => row.kind === kind).length >= limit && same === undefined) {
    throw new WebOperatorError(
      "payload_too_large",
      kind === "page_text"
        ? `This task already saved ${MAX_PAGE_TEXTS_PER_TASK} page texts.`
        : `This task already has ${MAX_ARTIFACTS_PER_TASK} artifacts; replace one by giving its name again.`,
    );
  }
}

/** Writes the artifact into the task's own folder (0600 in 0700) and records it. */
export async function saveArtifact(
  store: ArtifactStore,
  folder: string,
  taskId: string,
  artifact: NewArtifact,
  at: string,
): Promise<ArtifactRow> {
  checkArtifact(artifact, store.list(taskId));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const storedPath = join(folder, artifact.name);
  await writeFile(storedPath, artifact.content, { encoding: "utf8", mode: 0o600 });
  const row: ArtifactRow = {
    task_id: taskId,
    name: artifact.name,
    mime_type: artifact.mimeType,
    stored_path: storedPath,
    size: Buffer.byteLength(artifact.content, "utf8"),
    created_at: at,
    kind: artifact.kind ?? "artifact",
  };
  store.put(row);
  return row;
}

export async function readArtifact(row: ArtifactRow): Promise<string> {
  return readFile(row.stored_path, "utf8").catch((error: unknown) => {
    throw new WebOperatorError(
      "not_found",
      `Artifact "${row.name}" is listed but its file is gone (${error instanceof Error ? error.message : String(error)}).`,
    );
  });
}
