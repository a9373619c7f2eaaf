import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { computeRole } from "../accessibility/accessibleRole.js";
import { ariaRole } from "../accessibility/ariaRole.js";
import { computeName } from "../accessibility/accessibleName.js";
import { displayName } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { ElementNode } from "./snapshotTree.js";
import { elementNodes } from "./treeViews.js";
import { walkDocument } from "./treeWalker.js";
import { TOP_FRAME } from "../../shared/geometry.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The "describe_elements" diagnostic: runs the snapshot's own walk and reports, for each
 * element matching a selector, the role and name its snapshot line prints. An element
 * without a line of its own (a paragraph merged into text, a plain div) gets what its
 * line would say: the walker's role function and the accname computation it names with.
 */
export function describeElements(selector: string, limit: number): ContentResult<"describe_elements"> {
  let matches: Element[];
  try {
    matches = Array.from(dom.querySelectorAll(document, selector)).slice(0, limit);
  } catch {
    throw new WebOperatorError("bad_request", `"${selector}" is not a valid CSS selector; pass one document.querySelectorAll accepts.`);
  }
  const layout = new LayoutCache();
  const walked = walkDocument(document, {
    layout,
    frameChain: [],
    frameTransform: TOP_FRAME,
    suppressText: false,
    counter: { interactive: 0 },
  });
  const lines = new Map<Element, ElementNode>();
  for (const node of elementNodes(walked)) if (!lines.has(node.element)) lines.set(node.element, node);
  const elements = matches.map((element) => {
    const line = lines.get(element);
    if (line !== undefined) return { printed: true, role: line.role, name: line.name };
    const role = computeRole(element);
    // Role-less elements are named like any other: accname, not the text fallback of clickable divs.
    const name = role === null ? computeName(element, layout) : displayName(element, role, layout);
    return { printed: false, role: role ?? ariaRole(element), name };
  });
  return { url: location.href, elements };
}
