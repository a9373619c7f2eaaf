import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { MAX_UPLOAD_FILE_BYTES, WebOperatorError } from "../../protocol/index.js";

/** The folder for files picked in the side panel: CDP fills file inputs only from a path on disk. */
export function attachmentsFolder(env: NodeJS.ProcessEnv): string {
  return join(env.WEBOPERATOR_DOWNLOADS_DIR ?? join(homedir(), "Downloads"), "weboperator-attachments");
}

export interface SavedPanelFile {
  id: string;
  name: string;
  mimeType: string;
  path: string;
}

/**
 * Writes the panel's picked files into the attachments folder under names that never
 * overwrite an earlier file, and gives each an attachment id.
 */
export async function savePanelFiles(
  files: Array<{ name: string; mimeType: string; base64: string }>,
  env: NodeJS.ProcessEnv,
): Promise<SavedPanelFile[]> {
  const folder = attachmentsFolder(env);
  const saved: SavedPanelFile[] = [];
  for (const [index, file] of files.entries()) {
    const bytes = Buffer.from(file.base64, "base64");
    if (bytes.byteLength > MAX_UPLOAD_FILE_BYTES) {
      throw new WebOperatorError(
        "attachment_refused",
        `${file.name} is ${bytes.byteLength} bytes, over the ${MAX_UPLOAD_FILE_BYTES}-byte upload limit. Pick a smaller file.`,
      );
    }
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const safe = basename(file.name).replace(/[^\w.() -]/g, "_") || "attachment";
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const path = join(folder, `${stamp}-${index}-${safe}`);
    await writeFile(path, bytes, { mode: 0o600, flag: "wx" }).catch((error: unknown) => {
      throw new WebOperatorError(
        "attachment_refused",
        `Could not write ${file.name} into ${folder}: ${error instanceof Error ? error.message : String(error)}. Check that the folder is writable.`,
      );
    });
    saved.push({ id: `file-${index + 1}`, name: basename(file.name), mimeType: file.mimeType, path });
  }
  return saved;
}
