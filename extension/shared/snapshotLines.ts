import { MAX_TEXT_LINE_CHARS, bracketToken, plainPageString, quotePageString } from "./pageStrings.js";

/**
 * What either engine hands the renderer. `P` is where the budget can measure the node if it
 * needs to know how far off screen it is (the DOM engine's placement); the CDP engine has
 * no layout and leaves it out.
 */
export interface PrintedElement<P = undefined> {
  kind: "element";
  role: string;
  name: string;
  states: readonly string[];
  /** Gets a ref, so the budget keeps it where it can. */
  interactive: boolean;
  children: ReadonlyArray<PrintedNode<P>>;
  placement?: P;
  ref?: string | undefined;
  /** Event types that made a non-accessible element a target (read_page_deep's listeners). */
  listenerTypes?: readonly string[] | undefined;
  /** Descendants cut off by read_page's depth, counted on the line that stands for them. */
  elided?: number | undefined;
}

export interface PrintedText<P = undefined> {
  kind: "text";
  text: string;
  placement?: P;
}

export type PrintedNode<P = undefined> = PrintedElement<P> | PrintedText<P>;

/** One printed line and what the budget needs to know to drop it safely. */
export interface RenderedLine<P = undefined> {
  text: string;
  /** Index of the enclosing line, -1 at top level. */
  parent: number;
  depth: number;
  interactive: boolean;
  isText: boolean;
  placement: P | undefined;
}

/** The snapshot line format (docs/protocol.md, "Snapshots and refs"): `- role "name" [states] [ref=…]`, two spaces a level. */
export function renderTree<P>(nodes: ReadonlyArray<PrintedNode<P>>): Array<RenderedLine<P>> {
  const lines: Array<RenderedLine<P>> = [];
  for (const node of nodes) renderNode(node, 0, -1, lines);
  return lines;
}

function renderNode<P>(node: PrintedNode<P>, depth: number, parent: number, lines: Array<RenderedLine<P>>): void {
  const indent = "  ".repeat(depth);
  if (node.kind === "text") {
    lines.push({
      text: `${indent}- text: ${plainPageString(node.text, MAX_TEXT_LINE_CHARS)}`,
      parent,
      depth,
      interactive: false,
      isText: true,
      placement: node.placement,
    });
    return;
  }
  const [onlyChild] = node.children;
  // `- listitem: Apples` instead of a second line for the lone text child.
  const inlineText = node.name === "" && node.children.length === 1 && onlyChild?.kind === "text" ? onlyChild.text : null;
  const index = lines.length;
  lines.push({
    text: `${indent}- ${elementLabel(node)}${inlineText === null ? "" : `: ${plainPageString(inlineText, MAX_TEXT_LINE_CHARS)}`}`,
    parent,
    depth,
    interactive: node.interactive,
    isText: false,
    placement: node.placement,
  });
  if (inlineText !== null) return;
  for (const child of node.children) renderNode(child, depth + 1, index, lines);
}

function elementLabel<P>(node: PrintedElement<P>): string {
  let label = node.role;
  if (node.name !== "") label += ` ${quotePageString(node.name)}`;
  for (const state of node.states) label += ` ${state}`;
  if (node.listenerTypes !== undefined && node.listenerTypes.length > 0 && node.ref !== undefined) {
    label += ` [listener=${node.listenerTypes.map(bracketToken).join(",")}]`;
  }
  if (node.ref !== undefined) label += ` [ref=${node.ref}]`;
  if (node.elided !== undefined && node.elided > 0) label += ` [+${node.elided} deeper]`;
  return label;
}
