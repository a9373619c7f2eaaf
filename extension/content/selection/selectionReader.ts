import type { ContentResult } from "../../../protocol/contentReplies.js";
import { descriptorOf, displayName } from "../accessibility/elementDescriptor.js";
import { computeRole, FALLBACK_ROLE } from "../accessibility/accessibleRole.js";
import { interactiveReason } from "../accessibility/interactiveDetection.js";
import { composedParent, isElement } from "../dom/composedTree.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { extendFrameChain, frameDocument, type FrameChain } from "../refs/frameChain.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import * as dom from "../dom/intrinsics.js";

interface FoundSelection {
  text: string;
  /** Where the selection's focus is; null when nothing is selected. */
  focus: Element | null;
  frameChain: FrameChain;
}

/**
 * The "selection" op: the user's (or the page's) current selection, from a text field or
 * from the document, following focus into same-origin frames. The ref is the innermost
 * interactive element holding the focus; it is issued like a snapshot's and clicks alike.
 */
export function readSelection(registry: RefRegistry, maxChars: number): ContentResult<"selection"> {
  const found = selectionIn(document, []);
  const result: ContentResult<"selection"> = {
    url: location.href,
    text: found.text.slice(0, maxChars),
    totalChars: found.text.length,
    truncated: found.text.length > maxChars,
  };
  const target = found.focus === null ? null : interactiveHolder(found.focus);
  if (target !== null) {
    registry.beginSnapshot();
    result.ref = registry.issue(target.element, found.frameChain, descriptorOf(target.element, target.role, target.name));
  }
  return result;
}

function selectionIn(doc: Document, chain: FrameChain): FoundSelection {
  const active = dom.activeElement(doc);
  if (active !== null && (dom.localName(active) === "iframe" || dom.localName(active) === "frame")) {
    const inner = frameDocument(active);
    if (inner !== null) {
      const nested = selectionIn(inner, extendFrameChain(chain, active, inner));
      if (nested.text !== "" || nested.focus !== null) return nested;
    }
  }
  const field = active === null ? null : textFieldSelection(active);
  if (field !== null) return { text: field, focus: active, frameChain: chain };
  const selection = dom.getSelection(doc);
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return { text: "", focus: null, frameChain: chain };
  const focusNode = selection.focusNode;
  const focus = focusNode === null ? null : isElement(focusNode) ? focusNode : dom.parentElement(focusNode);
  return { text: selection.toString(), focus, frameChain: chain };
}

/** Text fields keep their own selection; a password's is never read out. */
function textFieldSelection(element: Element): string | null {
  if (dom.localName(element) !== "input" && dom.localName(element) !== "textarea") return null;
  const field = element as HTMLInputElement | HTMLTextAreaElement;
  let start: number | null;
  let end: number | null;
  try {
    start = field.selectionStart;
    end = field.selectionEnd;
  } catch {
    return null;
  }
  if (start === null || end === null || start === end) return null;
  if (field.localName === "input" && (field as HTMLInputElement).type === "password") return "";
  return field.value.slice(start, end);
}

function interactiveHolder(start: Element): { element: Element; role: string; name: string } | null {
  const layout = new LayoutCache();
  for (let element: Element | null = start; element !== null; element = composedParent(element)) {
    const role = computeRole(element);
    const parent = composedParent(element);
    // cursor is inherited: only where it starts does it mark a click target.
    const parentCursor = parent === null ? null : layout.style(parent).cursor;
    if (interactiveReason(element, role, layout.style(element).cursor, parentCursor, false) === null) continue;
    return { element, role: role ?? FALLBACK_ROLE, name: displayName(element, role, layout) };
  }
  return null;
}
