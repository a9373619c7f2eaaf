/** Input types whose value is text a person reads (not a password, a colour, a file or a box). */
const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set(["text", "search", "url", "tel", "email", "number"]);

/** A field whose value the page set and the person cannot edit: its text is page content to read like any other. */
export function isReadOnlyField(element: Element): boolean {
  if (element.localName !== "textarea" && element.localName !== "input") return false;
  if (element.localName === "input" && !TEXT_INPUT_TYPES.has((element as HTMLInputElement).type)) return false;
  return (element as HTMLInputElement | HTMLTextAreaElement).readOnly || element.getAttribute("aria-readonly") === "true";
}
