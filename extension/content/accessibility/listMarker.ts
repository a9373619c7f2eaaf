import type { LayoutCache } from "../dom/layoutCache.js";
import { formatCounter } from "./counterStyles.js";
import { contentText, rendersContent } from "./pseudoContent.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The text a list item's `::marker` shows (accname: generated content comes before the
 * item's own): its `content` (or that content's alternative text) when the author set
 * one, else the list style's bullet or number with its suffix, "• " or "3. ". Image
 * markers and `list-style-type: none` show no text.
 */
export function listMarkerText(item: Element, layout: LayoutCache): string {
  const marker = layout.getComputedStyle(item, "::marker");
  const content = marker.getPropertyValue("content");
  if (content === "none") return "";
  if (rendersContent(content))
    return contentText(content, {
      attribute: (name) => dom.getAttribute(item, name) ?? "",
      counterValues: (name) => (name === "list-item" ? [listItemOrdinal(item)] : []),
    }).text;
  const style = layout.getComputedStyle(item);
  if (style.getPropertyValue("list-style-image") !== "none") return "";
  const type = style.getPropertyValue("list-style-type");
  if (type === "none" || type === "") return "";
  if (type.startsWith('"') || type.startsWith("'")) return type.slice(1, -1);
  if (SYMBOLIC_TYPES.has(type)) return `${formatCounter(0, type)} `;
  return `${formatCounter(listItemOrdinal(item), type)}. `;
}

const SYMBOLIC_TYPES: ReadonlySet<string> = new Set(["disc", "circle", "square"]);

/**
 * The item's number, as HTML lists count: from the nearest earlier item with a `value`,
 * else from the list's `start` (in a reversed list, down from its item count).
 */
function listItemOrdinal(item: Element): number {
  const list = dom.parentElement(item);
  const reversed = list !== null && dom.localName(list) === "ol" && dom.hasAttribute(list, "reversed");
  const step = reversed ? -1 : 1;
  let steps = 0;
  for (let sibling: Element | null = item; sibling !== null; sibling = dom.previousElementSibling(sibling)) {
    if (dom.localName(sibling) !== "li") continue;
    const value = Number.parseInt(dom.getAttribute(sibling, "value") ?? "", 10);
    if (Number.isFinite(value)) return value + step * steps;
    steps++;
  }
  const start = Number.parseInt(list !== null && dom.localName(list) === "ol" ? (dom.getAttribute(list, "start") ?? "") : "", 10);
  const first = Number.isFinite(start) ? start : reversed ? countItems(list) : 1;
  return first + step * (steps - 1);
}

function countItems(list: Element | null): number {
  let count = 0;
  for (let child = list === null ? null : dom.firstElementChild(list); child !== null; child = dom.nextElementSibling(child))
    if (dom.localName(child) === "li") count++;
  return count;
}
