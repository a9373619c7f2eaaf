/** Titles and URLs come from pages and end up in an agent's context: keep them short and on one line. */
export const MAX_TEXT_CHARS = 300;
/**
 * URLs are cut much later than titles: an agent gives a tab's URL back to navigate or compares
 * it, and a search or app URL with its parameters is often over a thousand characters. Only a
 * URL past any real page's (a data: URL, a runaway query) is cut.
 */
export const MAX_URL_CHARS = 4_096;
/** Longest list any of these tools returns; the rest is reported as `truncated`. */
export const MAX_LIST_ITEMS = 100;

// Control characters and line/paragraph separators could forge extra lines in a rendered tab list.
const LINE_BREAKERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

export function boundText(value: string | undefined, max = MAX_TEXT_CHARS): string {
  const flat = (value ?? "").replace(LINE_BREAKERS, " ");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function capList<T>(items: readonly T[], max = MAX_LIST_ITEMS): { items: T[]; truncated: boolean } {
  return { items: items.slice(0, max), truncated: items.length > max };
}
