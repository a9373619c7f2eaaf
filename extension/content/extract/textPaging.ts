import { EXTRACT_MAX_CHARS } from "../../../protocol/constants.js";

export interface TextPage {
  text: string;
  fromChar: number;
  totalChars: number;
  nextChar?: number;
  truncated: boolean;
}

/**
 * Caps extracted text at EXTRACT_MAX_CHARS, so one call cannot flood a model's context, and serves one page of it from
 * fromChar; nextChar is where the next page starts, absent on the last one.
 */
export function pageOfText(raw: string, fromChar: number, pageChars: number): TextPage {
  const truncated = raw.length > EXTRACT_MAX_CHARS;
  const full = truncated ? raw.slice(0, EXTRACT_MAX_CHARS) : raw;
  const start = Math.min(fromChar, full.length);
  const end = Math.min(full.length, start + pageChars);
  const page: TextPage = { text: full.slice(start, end), fromChar, totalChars: full.length, truncated };
  if (end < full.length) page.nextChar = end;
  return page;
}
