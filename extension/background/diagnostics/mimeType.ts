/** The longest MIME type kept; real ones are far shorter, a page's header is not to be trusted. */
const MIME_TYPE_MAX_CHARS = 100;

/**
 * A response's MIME type as its Content-Type header names it, lower-cased and without
 * parameters ("text/html; charset=utf-8" is "text/html"); undefined when it names none.
 */
export function mimeTypeOf(headers: ReadonlyArray<{ name: string; value?: string }> | undefined): string | undefined {
  const header = headers?.find((entry) => entry.name.toLowerCase() === "content-type");
  const mimeType = header?.value?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType.slice(0, MIME_TYPE_MAX_CHARS) : undefined;
}
