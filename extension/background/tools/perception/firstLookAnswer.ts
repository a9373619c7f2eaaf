import { FIRST_LOOK_CHARS, FirstLookSchema, type FirstLook } from "../../../../protocol/index.js";

/** The tools whose answer may carry a new document's first look, and when it did load one. */
const LOADS_A_DOCUMENT: Readonly<Record<string, (result: Record<string, unknown>) => boolean>> = {
  // navigate answers one only when the request asked (its default size is 0, below).
  "browser.navigate": (result) => result.download_started === undefined,
  "browser.reload": () => true,
  "browser.go_back": (result) => result.moved === true,
  "browser.go_forward": (result) => result.moved === true,
};

/** A navigate's first look is asked for; any other write that loaded a document answers one unless the request said 0. */
function firstLookChars(toolName: string, requested: number | undefined): number {
  if (requested !== undefined) return requested;
  return toolName === "browser.navigate" ? 0 : FIRST_LOOK_CHARS;
}

function loadedADocument(toolName: string, result: Record<string, unknown>): boolean {
  const rule = LOADS_A_DOCUMENT[toolName];
  if (rule !== undefined) return rule(result);
  // Every write that reports its effects (ActionEffectsSchema) says whether it navigated.
  return result.navigated === true;
}

/**
 * A tool's result with the first look of the document it loaded (DESIGN.md, invariant 12):
 * the snapshot the agent would have asked for next, taken as browser.snapshot takes it, so
 * a click on a link costs one turn, not two. A look that fails is left out: the write
 * happened, and its answer still says the tab went to a new document.
 */
export async function withFirstLook(
  toolName: string,
  result: unknown,
  requested: number | undefined,
  snapshot: (payload: { tabId: number; maxChars: number }) => Promise<unknown>,
): Promise<unknown> {
  if (typeof result !== "object" || result === null) return result;
  const record = result as Record<string, unknown>;
  const chars = firstLookChars(toolName, requested);
  if (chars === 0 || typeof record.tabId !== "number" || !loadedADocument(toolName, record)) return result;
  // A composite's last step (fill_form's) already brought the look of the document it loaded.
  if (record.first_look !== undefined) return result;
  const look = await snapshot({ tabId: record.tabId, maxChars: chars }).then(firstLookOf, () => null);
  return look === null ? result : { ...record, first_look: look };
}

function firstLookOf(snapshot: unknown): FirstLook | null {
  const parsed = FirstLookSchema.safeParse(snapshot);
  if (!parsed.success) return null;
  const { snapshotId, url, title, text, refCount, truncated, loading, source, dialogs } = parsed.data;
  return {
    snapshotId,
    url,
    title,
    text,
    refCount,
    truncated,
    ...(loading === undefined ? {} : { loading }),
    ...(source === undefined ? {} : { source }),
    // The look drained them from the recorder: dropped here, they would never be reported.
    ...(dialogs === undefined || dialogs.length === 0 ? {} : { dialogs }),
  };
}
