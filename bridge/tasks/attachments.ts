import { copyFile, mkdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { MAX_UPLOAD_FILE_BYTES, WebOperatorError, type TaskAttachmentInput } from "../../protocol/index.js";
import { mimeTypeFor } from "../upload/mimeTypes.js";

export interface CheckedAttachment {
  id: string;
  name: string;
  mimeType: string;
  realPath: string;
  size: number;
}

/**
 * Checks every attachment before anything is copied: each path must resolve (through
 * symlinks) to an existing regular file within the upload size limit, and ids are unique.
 */
export async function checkAttachments(inputs: TaskAttachmentInput[]): Promise<CheckedAttachment[]> {
  const seen = new Set<string>();
  const checked: CheckedAttachment[] = [];
  for (const input of inputs) {
    if (seen.has(input.id))
      throw new WebOperatorError("attachment_refused", `Attachment id "${input.id}" is used twice; give each attachment its own id.`);
    seen.add(input.id);
    const real = await realpath(input.path).catch(() => {
      throw new WebOperatorError(
        "attachment_refused",
        `Attachment "${input.id}": ${input.path} does not exist. Give the path of an existing file.`,
      );
    });
    const info = await stat(real);
    if (!info.isFile())
      throw new WebOperatorError(
        "attachment_refused",
        `Attachment "${input.id}": ${input.path} is not a regular file (a folder or a device). Give a file.`,
      );
    if (info.size > MAX_UPLOAD_FILE_BYTES) {
      throw new WebOperatorError(
        "attachment_refused",
        `Attachment "${input.id}": ${info.size} bytes is over the ${MAX_UPLOAD_FILE_BYTES}-byte upload limit.`,
      );
    }
    checked.push({ id: input.id, name: input.name, mimeType: input.mimeType ?? mimeTypeFor(input.name), realPath: real, size: info.size });
  }
  return checked;
}

/** Copies checked attachments into the task's own folder, so later edits to the originals change nothing. */
export async function copyAttachments(
  checked: CheckedAttachment[],
  folder: string,
): Promise<Array<CheckedAttachment & { storedPath: string }>> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stored = [];
  for (const attachment of checked) {
    const storedPath = join(folder, attachment.id);
    await copyFile(attachment.realPath, storedPath);
    stored.push({ ...attachment, storedPath });
  }
  return stored;
}
