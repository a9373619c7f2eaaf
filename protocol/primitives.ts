import { z } from "zod";
import { emulatedMediaSchema, refSchema, scrollDirectionSchema, typeModeSchema } from "./content/requestFields.js";

/** Building blocks shared by every command schema. */
export const TabIdSchema = z.number().int().nonnegative();
/** Refs are printed in snapshots as `[ref=REF]`; a leading "@" is accepted too. */
export const RefSchema = refSchema();

export const tabScoped = { tabId: TabIdSchema.optional() };

/** Booleans may arrive as strings ("false"), as the agent protocol spells them; both spellings mean the same. */
export const LooseBooleanSchema = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true");

export const TypeModeSchema = typeModeSchema();
export const ScrollDirectionSchema = scrollDirectionSchema();

export const MouseButtonSchema = z.enum(["left", "right", "middle"]);
export type MouseButton = z.infer<typeof MouseButtonSchema>;
/** 1 click, 2 double, 3 triple. */
export const ClickCountSchema = z.number().int().min(1).max(3);

export const ModifierSchema = z.enum(["Alt", "Control", "Meta", "Shift"]);
export type Modifier = z.infer<typeof ModifierSchema>;

/** Every spelling of a modifier key that agents use (Claude's toolset says "ctrl", "cmd", ...). */
const MODIFIER_SPELLINGS: Readonly<Record<string, Modifier>> = {
  alt: "Alt",
  option: "Alt",
  ctrl: "Control",
  control: "Control",
  meta: "Meta",
  cmd: "Meta",
  command: "Meta",
  super: "Meta",
  win: "Meta",
  shift: "Shift",
};

/** The modifier a name spells, case-insensitively, or undefined. */
export function modifierNamed(name: string): Modifier | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(MODIFIER_SPELLINGS, key) ? MODIFIER_SPELLINGS[key] : undefined;
}

/** Held modifiers: ["Shift"], ["ctrl", "alt"] or the chord form ["ctrl+shift"], read as canonical names. */
export const ModifiersSchema = z
  .array(z.string().min(1).max(40))
  .max(4)
  .transform((names, context) => {
    const modifiers = new Set<Modifier>();
    for (const part of names.flatMap((name) => name.split("+"))) {
      const modifier = modifierNamed(part);
      if (modifier === undefined) {
        context.addIssue({ code: "custom", message: `"${part}" is not a modifier; use Shift, Control (ctrl), Alt or Meta (cmd)` });
        return z.NEVER;
      }
      modifiers.add(modifier);
    }
    return [...modifiers];
  });

/** A click's button, count and held modifier keys; the same three fields wherever a click is taken. */
/** "print": read the page as it prints (CSS print media, emulated for the call and restored after); "screen" is the default. */
export const EmulatedMediaSchema = emulatedMediaSchema();
export type EmulatedMedia = z.infer<typeof EmulatedMediaSchema>;
/** Skips only the wait for the target's box to stop moving (a looping animation); the hit test and the gatekeeper still run. */
export const ForceSchema = z.boolean().optional();
export const ClickOptionsShape = {
  button: MouseButtonSchema.optional(),
  count: ClickCountSchema.optional(),
  modifiers: ModifiersSchema.optional(),
  force: ForceSchema,
};
export const ActionTargetSchema = z.object({ role: z.string(), name: z.string() });
