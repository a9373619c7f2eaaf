import { FirstLookSchema, type FirstLook } from "../../protocol/index.js";

/** A result's first look (FirstLookSchema), if it carries a well-formed one. */
export function firstLookOf(result: Record<string, unknown>): FirstLook | null {
  const parsed = FirstLookSchema.safeParse(result.first_look);
  return parsed.success ? parsed.data : null;
}

/**
 * Our own line before a first look: what it is, and that the refs in it are the ones to use
 * now. Its URL and title are in the snapshot's own header, so they are not said twice.
 */
export function firstLookOwnLine(look: FirstLook, navigated: boolean): string {
  const lead = navigated
    ? "The tab went to a new document (its old refs are gone); its first look follows"
    : "The page's first look follows";
  const size = `refCount=${look.refCount}${look.source === undefined ? "" : ` source=${look.source}`}`;
  const cut = look.truncated ? "; it is cut to its budget: call snapshot with a larger maxChars for the rest" : "";
  const loading = look.loading === true ? "; the page was still loading" : "";
  return `${lead} (${size})${cut}${loading}.`;
}
