import { readFile, realpath, stat } from "node:fs/promises";
import { basename, sep } from "node:path";
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_TOTAL_BYTES, WebOperatorError } from "../../protocol/index.js";
import { mimeTypeFor } from "./mimeTypes.js";

export interface UploadFolders {
  uploadDir: string;
  downloadDirs: string[];
}

/**
 * Turns agent-supplied paths into file contents, refusing anything that is not a regular
 * file inside the upload folder once symlinks and `..` are resolved.
 */
export async function resolveUploadFiles(
  paths: string[],
  folders: UploadFolders,
): Promise<Array<{ name: string; mimeType: string; base64: string }>> {
  const root = await realFolder(folders.uploadDir, "upload folder");
  const downloads: string[] = [];
  for (const folder of folders.downloadDirs) {
    const real = await realpath(folder).catch(() => null);
    if (real !== null) downloads.push(real);
    if (real !== null && within(root, real)) {
      throw new WebOperatorError(
        "upload_refused",
        `The upload folder ${root} is inside the downloads folder ${real}; configure WEBOPERATOR_UPLOAD_DIR elsewhere.`,
      );
    }
  }
  let total = 0;
  const files = [];
  for (const path of paths) {
    // One message for "missing" and "outside": an agent must not be able to probe the disk.
    const refused = (): WebOperatorError =>
      new WebOperatorError(
        "upload_refused",
        `Refused to upload ${path}: it is not an existing file inside the upload folder ${root} once links and .. are resolved. Copy the file into ${root} first.`,
      );
    const real = await realpath(path).catch(() => {
      throw refused();
    });
    // The resolved path is not echoed: an agent must not learn where a refused path leads.
    if (!within(real, root)) throw refused();
    if (downloads.some((folder) => within(real, folder))) {
      throw new WebOperatorError("upload_refused", `Refused to upload ${path}: it is in the downloads folder, which pages can write to.`);
    }
    const info = await stat(real);
    if (!info.isFile()) throw new WebOperatorError("upload_refused", `Cannot upload ${path}: not a regular file.`);
    if (info.size > MAX_UPLOAD_FILE_BYTES)
      throw new WebOperatorError(
        "upload_refused",
        `Cannot upload ${path}: ${info.size} bytes is over the ${MAX_UPLOAD_FILE_BYTES}-byte limit.`,
      );
    total += info.size;
    if (total > MAX_UPLOAD_TOTAL_BYTES)
      throw new WebOperatorError(
        "upload_refused",
        `These files add up to more than ${MAX_UPLOAD_TOTAL_BYTES} bytes; upload fewer at a time.`,
      );
    files.push({ name: basename(real), mimeType: mimeTypeFor(real), base64: (await readFile(real)).toString("base64") });
  }
  return files;
}

async function realFolder(folder: string, what: string): Promise<string> {
  try {
    return await realpath(folder);
  } catch {
    throw new WebOperatorError(
      "upload_refused",
      `The ${what} ${folder} does not exist; create it and put the files to upload there (or set WEBOPERATOR_UPLOAD_DIR).`,
    );
  }
}

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
