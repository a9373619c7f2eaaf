import { z } from "zod";

/** Building blocks shared by every command schema. */
export const TabIdSchema = z.number().int().nonnegative();
/** Refs are printed in snapshots as `[ref=REF]`; a leading "@" is accepted too. */
export const RefSchema = z.string().min(1).max(120);

export const tabScoped = { tabId: TabIdSchema.optional() };

/** The seed writes booleans as strings ("false"); both spellings mean the same. */
export const LooseBooleanSchema = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true");


export const TypeModeSchema = z.enum(["replace", "append"]);
export const ScrollDirectionSchema = z.enum(["up", "down", "left", "right"]);

/** How a command is declared: its payload, its result, and who answers it. */
export type CommandSpec = { payload: z.ZodType; result: z.ZodType; handledBy: "bridge" | "extension" | "unimplemented" };
