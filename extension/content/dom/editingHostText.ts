import * as dom from "./intrinsics.js";

/** Zero-width characters editors keep in empty lines and at mark edges (Slate's FEFF, ProseMirror's ZWSP). */
const ZERO_WIDTH = /[\u200b\ufeff]/g;

/**
 * The text an editing host shows as its content: without a placeholder it draws inside itself
 * (a contenteditable=false part whose text is the host's aria-placeholder, as Slate renders it;
 * other non-editable parts, such as a mention, are content), zero-width characters or trailing
 * line breaks.
 */
export function editingHostText(host: HTMLElement): string {
  let text = dom.innerText(host);
  const placeholder = (dom.getAttribute(host, "aria-placeholder") ?? "").trim();
  if (placeholder !== "") {
    for (const part of Array.from(dom.querySelectorAll(host, "[contenteditable=false]"))) {
      const shown = dom.innerText(part as HTMLElement);
      const at = shown.trim() === placeholder ? text.lastIndexOf(shown) : -1;
      if (at >= 0) text = text.slice(0, at) + text.slice(at + shown.length);
    }
  }
  return withoutZeroWidth(text).replace(/\n+$/, "");
}

export function withoutZeroWidth(text: string): string {
  return text.replace(ZERO_WIDTH, "");
}
