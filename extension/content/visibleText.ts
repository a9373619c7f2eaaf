import type { ContentResult } from "../../protocol/index.js";
import { pageOfText } from "./extract/textPaging.js";
import * as dom from "./dom/intrinsics.js";

/**
 * format "text" of the "extract" op: rendered text in reading order (innerText honours
 * CSS visibility and block layout), capped, then served one page at a time from fromChar.
 */
export function extractVisibleText(source: Element, fromChar: number, pageChars: number): ContentResult<"extract"> {
  return { url: location.href, ...pageOfText(tidy(renderedText(source)), fromChar, pageChars), format: "text" };
}

function renderedText(element: Element): string {
  const inner = dom.innerText(element as HTMLElement);
  return typeof inner === "string" ? inner : (dom.textContent(element) ?? "");
}

/** Layout leaves runs of blank lines and trailing blanks that carry no meaning. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
