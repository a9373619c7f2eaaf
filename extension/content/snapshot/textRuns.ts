import { normalizeWhitespace } from "../dom/textNormalize.js";
import { printedPart, singleLineKeepingSpaces } from "../../shared/pageStrings.js";
import type { SnapshotNode, WalkItem } from "./snapshotTree.js";
import type { Placement } from "./viewportGeometry.js";

/**
 * Joins adjacent text pieces into one text node (inline markup such as <b> splits text
 * without separating it), breaking at block boundaries and around element nodes.
 */
export function mergeTextRuns(items: readonly WalkItem[]): SnapshotNode[] {
  const nodes: SnapshotNode[] = [];
  let pending = "";
  let pendingPlacement: Placement = null;
  const flush = (): void => {
    const text = normalizeWhitespace(pending);
    if (text !== "") nodes.push({ kind: "text", text, placement: pendingPlacement });
    pending = "";
    pendingPlacement = null;
  };
  for (const item of items) {
    if (item.kind === "piece") {
      pending += item.text;
      pendingPlacement ??= item.placement;
    } else {
      flush();
      if (item.kind !== "break") nodes.push(item);
    }
  }
  flush();
  return nodes;
}

/**
 * Children that only repeat the parent's name cost tokens and say nothing new: any text
 * equal to the name (a caption, a legend), and when the name was built from the content,
 * every piece of text it contains; likewise a labelled image or drawing with nothing else
 * to say (a button's titled icon), unless it is a target of its own. Only the part of the
 * name its line prints covers anything: a name cut at MAX_PRINTED_CHARS keeps the children
 * that hold the rest, so no text the page shows is in neither.
 */
export function dropCoveredByName(children: SnapshotNode[], name: string, nameFromContent: boolean): SnapshotNode[] {
  if (name === "") return children;
  // Text runs are printed with every space collapsed; a name keeps its non-breaking ones.
  const flatName = normalizeWhitespace(name);
  const printed = singleLineKeepingSpaces(name);
  const shown = normalizeWhitespace(printedPart(printed));
  const whole = shown.length === flatName.length;
  const covered = (text: string): boolean => (nameFromContent ? shown.includes(text) : whole && flatName === text);
  return children.filter((child) => {
    if (child.kind === "text") return !covered(child.text);
    return !(
      IMAGE_ROLES.has(child.role) &&
      !child.interactive &&
      child.children.length === 0 &&
      child.name !== "" &&
      covered(normalizeWhitespace(child.name))
    );
  });
}

const IMAGE_ROLES: ReadonlySet<string> = new Set(["img", "graphics-symbol", "graphics-object"]);
