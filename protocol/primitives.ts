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


export const MouseButtonSchema = z.enum(["left", "right", "middle"]);
export const ModifierSchema = z.enum(["Alt", "Control", "Meta", "Shift"]);
/** A click's button, count (2 = double, 3 = triple) and held modifier keys. */
export const ClickOptionsShape = {
  button: MouseButtonSchema.optional(),
  count: z.number().int().min(1).max(3).optional(),
  modifiers: z.array(ModifierSchema).max(4).optional(),
};
export const ActionTargetSchema = z.object({ role: z.string(), name: z.string() });
