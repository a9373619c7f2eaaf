import type { ContentResult } from "../../protocol/contentReplies.js";
import { pageOfText } from "./extract/textPaging.js";
import { textWithReadOnlyValues } from "./extract/readOnlyText.js";

/**
 * format "text" of the "extract" op: rendered text in reading order (innerText honours
 * CSS visibility and block layout) with read-only fields' values in place, capped, then
 * served one page at a time from fromChar.
 */
export function extractVisibleText(source: Element, fromChar: number, pageChars: number): ContentResult<"extract"> {
  return { url: location.href, ...pageOfText(tidy(textWithReadOnlyValues(source)), fromChar, pageChars), format: "text" };
}

/** Layout leaves runs of blank lines and trailing blanks that carry no meaning. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
