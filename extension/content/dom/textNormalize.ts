// One truncation and one whitespace rule for every printed string, both snapshot engines'.
export { normalizeWhitespace, truncateText } from "../../shared/pageStrings.js";

// Accessible names collapse ASCII whitespace only: a non-breaking space is part of the name.
const ASCII_SPACE_OR_PRIVATE_USE = /[\t\n\f\r \uE000-\uF8FF]+/g;

export function normalizeNameWhitespace(text: string): string {
  return text.replace(ASCII_SPACE_OR_PRIVATE_USE, " ").replace(/^ | $/g, "");
}
