/**
 * The page text between an answer's own page-data markers, the nonce they carry, and what
 * stands outside them. Throws when the text has no closed boundary.
 */
export function insideBoundary(text: string): { nonce: string; inside: string; outside: string } {
  const nonce = /<<<page-data ([0-9a-f]{16})>>>\n/.exec(text)?.[1];
  if (nonce === undefined) throw new Error(`no page-data boundary in:\n${text}`);
  const open = `<<<page-data ${nonce}>>>\n`;
  const close = `\n<<<end page-data ${nonce}>>>`;
  const start = text.indexOf(open) + open.length;
  const end = text.indexOf(close, start);
  if (end < 0) throw new Error(`the boundary ${nonce} is not closed in:\n${text}`);
  return { nonce, inside: text.slice(start, end), outside: text.slice(0, start - open.length) + text.slice(end + close.length) };
}

/** The strings of a structured result that are not wrapped whole in page-data markers of `nonce`. */
export function plainStringsOf(value: unknown, nonce: string): string[] {
  if (typeof value === "string") {
    const marked = value.startsWith(`<<<page-data ${nonce}>>>\n`) && value.endsWith(`\n<<<end page-data ${nonce}>>>`);
    return marked ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((item) => plainStringsOf(item, nonce));
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap((field) => plainStringsOf(field, nonce));
}
