import { MAX_TEXT_LINE_CHARS, printedPart, singleLineKeepingSpaces } from "./pageStrings.js";

/**
 * What a long value's `[value="…"]` state leaves out, as text lines of at most
 * MAX_TEXT_LINE_CHARS broken at spaces where one is near: printed under the field, they make
 * the value whole in the snapshot. They are text lines like any other, so the size budget
 * drops them (the last first) and says so, rather than a cap hiding the rest.
 */
export function valueContinuation(value: string): string[] {
  const printed = singleLineKeepingSpaces(value);
  let rest = printed.slice(printedPart(printed).length).trim();
  const lines: string[] = [];
  while (rest !== "") {
    if (rest.length <= MAX_TEXT_LINE_CHARS) {
      lines.push(rest);
      break;
    }
    const space = rest.lastIndexOf(" ", MAX_TEXT_LINE_CHARS);
    const at = space > MAX_TEXT_LINE_CHARS / 2 ? space : MAX_TEXT_LINE_CHARS;
    lines.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  return lines;
}
