import { z } from "zod";
import { lazySchema } from "../lazySchemas.js";

/**
 * The fields a content op's request shares with a command, as factories built on first use.
 * The content script is evaluated at every document start: the first zod schema it builds also
 * pays for zod's own first run (about 5 ms), so it builds none there. primitives.ts and
 * pageShapes.ts export the same schemas, built, for everything else.
 */

/** Refs are printed in snapshots as `[ref=REF]`; a leading "@" is accepted too. */
export const refSchema = lazySchema(() => z.string().min(1).max(120));
export const typeModeSchema = lazySchema(() => z.enum(["replace", "append"]));
export const scrollDirectionSchema = lazySchema(() => z.enum(["up", "down", "left", "right"]));
/** "print": read the page as it prints (CSS print media, emulated for the call and restored after); "screen" is the default. */
export const emulatedMediaSchema = lazySchema(() => z.enum(["screen", "print"]));
export const readPageModeSchema = lazySchema(() => z.enum(["interactive", "all"]));
export const extractFormatSchema = lazySchema(() => z.enum(["text", "markdown"]));
export const uploadFileContentSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(255),
    mimeType: z.string().max(200),
    /** File bytes, base64. Filled in by the bridge from `paths`; agents may also send them directly. */
    base64: z.string(),
  }),
);
