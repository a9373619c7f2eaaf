/** How fill_form set a field, as one word: the diff below shows what it holds now. */
const VERB: Readonly<Record<string, string>> = { type: "typed", select_option: "picked", click: "clicked", none: "already as asked" };

/**
 * fill_form's `fields` as one line of our own words (refs and how each was set), not the
 * page's: what each field now holds is in the diff, said once.
 */
export function filledFieldsLine(result: Record<string, unknown>): string | null {
  const fields = result.fields;
  if (!Array.isArray(fields)) return null;
  const parts = fields.flatMap((field: unknown) => {
    if (typeof field !== "object" || field === null) return [];
    const { ref, via } = field as { ref?: unknown; via?: unknown };
    return typeof ref === "string" && typeof via === "string" ? [`${ref} ${VERB[via] ?? via}`] : [];
  });
  return parts.length === 0 ? null : `Fields: ${parts.join(", ")}.`;
}

/** Every field already was as asked: nothing was written, and "nothing changed" is the expected answer. */
export function nothingToFill(result: Record<string, unknown>): boolean {
  const fields = result.fields;
  return Array.isArray(fields) && fields.length > 0 && fields.every((field: unknown) => (field as { via?: unknown }).via === "none");
}
