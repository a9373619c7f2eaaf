import { EXTRACT_MAX_CHARS, type ContentRequest, type ContentResult } from "../../protocol/index.js";
import type { RefRegistry } from "./refs/refRegistry.js";

type ExtractRequest = Extract<ContentRequest, { op: "extract" }>;

/**
 * The "extract" op: rendered text in reading order (innerText honours CSS visibility and
 * block layout), capped, then served one page at a time from fromChar.
 */
export function extractVisibleText(registry: RefRegistry, request: ExtractRequest): ContentResult<"extract"> {
  const source = request.ref === undefined ? (document.body ?? document.documentElement) : registry.resolve(request.ref).element;
  const raw = tidy(renderedText(source));
  const truncated = raw.length > EXTRACT_MAX_CHARS;
  const full = truncated ? raw.slice(0, EXTRACT_MAX_CHARS) : raw;
  const start = Math.min(request.fromChar, full.length);
  const end = Math.min(full.length, start + request.pageChars);
  const result: ContentResult<"extract"> = {
    url: location.href,
    text: full.slice(start, end),
    fromChar: request.fromChar,
    totalChars: full.length,
    truncated,
  };
  if (end < full.length) result.nextChar = end;
  return result;
}

function renderedText(element: Element): string {
  const inner = (element as HTMLElement).innerText;
  return typeof inner === "string" ? inner : (element.textContent ?? "");
}

/** Layout leaves runs of blank lines and trailing blanks that carry no meaning. */
function tidy(text: string): string {
  return text.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}
