import { WebOperatorError } from "../protocol/index.js";
import { resolveUploadFiles } from "./upload/resolveUploadFiles.js";
import { downloadFolders, uploadFolder } from "./upload/uploadFolder.js";

type Preparer = (payload: Record<string, unknown>, env: NodeJS.ProcessEnv) => Promise<Record<string, unknown>>;

/**
 * Work only the Node side can do before a command reaches the extension: the extension
 * has no disk access, so upload paths are checked and read here.
 */
const PREPARERS: Record<string, Preparer> = {
  "browser.upload_file": async (payload, env) => {
    // A task's own uploads by attachment id never come this way (bridge/tasks/attachmentUpload.ts).
    if (payload.attachments !== undefined) {
      throw new WebOperatorError(
        "upload_refused",
        "Attachment ids resolve only inside the task they were given to (tasks.start attachments, the side panel's paperclip). Upload by paths inside the upload folder (the user's policy must allow uploads), or start a task with the file as an attachment.",
      );
    }
    const paths = payload.paths;
    if (!Array.isArray(paths)) return payload;
    const files = await resolveUploadFiles(paths.map(String), { uploadDir: uploadFolder(env), downloadDirs: downloadFolders(env) });
    const rest = { ...payload };
    delete rest.paths;
    return { ...rest, files };
  },
};

export function preparePayload(
  type: string,
  payload: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Record<string, unknown>> {
  const prepare = PREPARERS[type];
  return prepare ? prepare(payload, env) : Promise.resolve(payload);
}
