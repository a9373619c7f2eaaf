import { WebOperatorError, type BrowserCommandType, type UploadGrant } from "../../protocol/index.js";
import type { TaskStore } from "./taskStore.js";
import type { TaskAttachmentView } from "./taskTypes.js";

/** A task's attachments: the input files it was given at start, which only it may upload. */
export class TaskAttachments {
  readonly views: TaskAttachmentView[];

  constructor(
    private readonly taskId: string,
    private readonly store: TaskStore,
    private readonly readFile: (path: string) => Promise<Buffer>,
  ) {
    this.views = store.attachments(taskId).map((row) => ({ id: row.id, name: row.name, mimeType: row.mime_type, size: row.size }));
  }

  async read(id: string): Promise<{ name: string; mimeType: string; base64: string }> {
    const row = this.store.attachments(this.taskId).find((attachment) => attachment.id === id);
    if (row === undefined) {
      const known = this.views.map((attachment) => attachment.id).join(", ") || "none";
      throw new WebOperatorError(
        "upload_refused",
        `"${id}" is not an attachment of this task (its attachments: ${known}). Only task attachments can be uploaded.`,
      );
    }
    return { name: row.name, mimeType: row.mime_type, base64: (await this.readFile(row.stored_path)).toString("base64") };
  }

  /**
   * An upload naming this task's attachments by id gets their bytes from this task's store, and
   * the grant that lets it run without allowUploads: the user gave these files to this task.
   */
  async resolveUpload(type: BrowserCommandType, payload: Record<string, unknown>): Promise<UploadGrant | undefined> {
    if (type !== "browser.upload_file" || !Array.isArray(payload.attachments)) return undefined;
    const ids = payload.attachments.map(String);
    delete payload.attachments;
    payload.files = await Promise.all(ids.map((id) => this.read(id)));
    return "task_attachments";
  }
}
