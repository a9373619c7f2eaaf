import { z } from "zod";
import { ActionTargetSchema, RefSchema, TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { ActionEffectsSchema } from "./actionEffects.js";
import { UploadFileContentSchema } from "../content/pageShapes.js";

/** Per file and per call; larger uploads are refused with upload_refused. */
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_TOTAL_BYTES = 25 * 1024 * 1024;

export const UploadFilePayloadSchema = z
  .strictObject({
    ref: RefSchema,
    /** Local files; each must resolve (through symlinks and ..) inside the configured upload folder. */
    paths: z.array(z.string().min(1).max(4096)).min(1).max(20).optional(),
    files: z.array(UploadFileContentSchema).min(1).max(20).optional(),
    /**
     * Ids of the calling task's own attachments (tasks.start attachments, the side panel's
     * paperclip). They resolve only inside that task, and need no allowUploads: the user gave
     * these files to this task. From anywhere else they answer upload_refused.
     */
    attachments: z
      .array(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/))
      .min(1)
      .max(20)
      .optional(),
    ...tabScoped,
  })
  .refine((payload) => [payload.paths, payload.files, payload.attachments].filter((given) => given !== undefined).length === 1, {
    message: "give one of paths, files or attachments",
  });

export const UploadFileResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: ActionTargetSchema,
  recovered: z.boolean(),
  files: z.array(z.object({ name: z.string(), size: z.number().int(), mimeType: z.string() })),
});

export const UPLOAD_TOOL_COMMANDS = {
  "browser.upload_file": command({
    payload: UploadFilePayloadSchema,
    result: UploadFileResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Puts files from the upload folder into the file input `ref`, if the user's policy allows uploads.\n\nAssigns the files through DataTransfer: {..., files: [{name, size, mimeType}]}. Each path must resolve (through symlinks and ..) inside the upload folder (WEBOPERATOR_UPLOAD_DIR, default <config dir>/uploads, never downloads), at most 10 MB a file and 25 MB a call, else upload_refused. Off unless the user's policy allows uploads; a task's own attachments (attachments: [id]) upload without it, and resolve in no other task or agent.",
    example: { ref: "sk4m9_1_9", paths: ["/home/me/.config/weboperator/uploads/cv.pdf"] },
    level: "L2",
    effects: "write",
    intent: "activates",
    capability: "uploads",
    cli: { positionals: ["ref"] },
  }),
} as const satisfies Record<string, CommandSpec>;
