import * as dom from "./intrinsics.js";

/** Input types whose value is text a person reads (not a password, a colour, a file or a box). */
const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set(["text", "search", "url", "tel", "email", "number"]);

/** A field whose value the page set and the person cannot edit: its text is page content to read like any other. */
export function isReadOnlyField(element: Element): boolean {
  if (dom.localName(element) !== "textarea" && dom.localName(element) !== "input") return false;
  if (dom.localName(element) === "input" && !TEXT_INPUT_TYPES.has((element as HTMLInputElement).type)) return false;
  return (element as HTMLInputElement | HTMLTextAreaElement).readOnly || dom.getAttribute(element, "aria-readonly") === "true";
}
