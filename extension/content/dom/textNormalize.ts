// One truncation for every printed string, the snapshot engines' included.
export { truncateText } from "../../shared/pageStrings.js";

// Icon fonts put glyphs in the Private Use Area; they read as noise to an agent.
const SPACE_OR_PRIVATE_USE = /[\s\uE000-\uF8FF]+/g;

export function normalizeWhitespace(text: string): string {
  return text.replace(SPACE_OR_PRIVATE_USE, " ").trim();
}

// Accessible names collapse ASCII whitespace only: a non-breaking space is part of the name.
const ASCII_SPACE_OR_PRIVATE_USE = /[\t\n\f\r \uE000-\uF8FF]+/g;

export function normalizeNameWhitespace(text: string): string {
  return text.replace(ASCII_SPACE_OR_PRIVATE_USE, " ").replace(/^ | $/g, "");
}

/** JSON quoting escapes quotes, backslashes and control characters without inflating Unicode. */
export function quote(text: string): string {
  return JSON.stringify(text);
}
