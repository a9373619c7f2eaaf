import type { ElementNode, SnapshotNode } from "../snapshot/snapshotTree.js";

/** Words that say nothing about which element is meant ("the", "for", "button for the …"). */
const STOP_WORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "or",
  "of",
  "to",
  "for",
  "in",
  "on",
  "at",
  "by",
  "with",
  "from",
  "into",
  "onto",
  "is",
  "it",
  "its",
  "this",
  "that",
  "these",
  "those",
  "my",
  "me",
  "i",
  "you",
  "your",
  "which",
  "where",
  "what",
  "find",
  "click",
  "element",
  "one",
  "some",
]);

/** Describing words that name roles: "the search field" means a textbox or a searchbox. */
const ROLE_WORDS: Record<string, readonly string[]> = {
  textbox: ["field", "input", "box", "text"],
  searchbox: ["search", "field", "input", "box"],
  combobox: ["dropdown", "select", "field", "input", "box", "menu"],
  listbox: ["dropdown", "select", "list"],
  checkbox: ["check", "box", "tick"],
  radio: ["option", "choice"],
  link: ["anchor"],
  button: ["btn"],
  img: ["image", "picture", "photo", "icon"],
  heading: ["title", "header"],
  menuitem: ["menu", "item", "option"],
  option: ["choice", "item"],
  tab: ["tabs"],
  switch: ["toggle"],
  slider: ["range"],
};

/** How much a query word found in each part of an element counts. */
const WEIGHT = { name: 3, text: 3, label: 3, role: 2, nearby: 1 } as const;
/** How far up the tree nearby text is looked for. */
const NEARBY_LEVELS = 3;
const NEARBY_MAX_CHARS = 600;

/** Plural s only: "lamps" and "lamp" are one word, "glass" and "status" stay whole. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:xes|ches|shes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Lower-cased, stemmed words of a description, stop words dropped, each once. */
export function descriptionWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word)).map(stem))];
}

function wordSet(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
}

export interface RankedElement {
  node: ElementNode;
  score: number;
}

/**
 * Elements ranked by how many of the description's words they carry, best first (ties in
 * document order). A word counts once, by the strongest place it appears: the element's
 * name, text or label, then its role, then the text near it (the card or row around it,
 * so "add to cart for the storm lamp" prefers the button beside "Storm lamp").
 */
export function rankByWords(
  nodes: readonly SnapshotNode[],
  description: string,
  labelOf: (node: ElementNode) => string,
  role?: string,
): RankedElement[] {
  const words = descriptionWords(description);
  if (words.length === 0) return [];
  const subtreeText = new Map<ElementNode, string>();
  const textOf = (node: SnapshotNode): string => {
    if (node.kind === "text") return node.text;
    let text = subtreeText.get(node);
    if (text === undefined) {
      text = [node.name, ...node.children.map(textOf)]
        .filter((part) => part !== "")
        .join(" ")
        .slice(0, NEARBY_MAX_CHARS * 4);
      subtreeText.set(node, text);
    }
    return text;
  };
  const ranked: RankedElement[] = [];
  const visit = (node: SnapshotNode, ancestors: readonly ElementNode[]): void => {
    if (node.kind === "text") return;
    if (role === undefined || node.role === role) {
      const score = scoreOf(node, ancestors, words, textOf, labelOf, role !== undefined);
      if (score > 0) ranked.push({ node, score });
    }
    for (const child of node.children) visit(child, [...ancestors, node]);
  };
  for (const node of nodes) visit(node, []);
  return ranked
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => b.entry.score - a.entry.score || a.order - b.order)
    .map(({ entry }) => entry);
}

function scoreOf(
  node: ElementNode,
  ancestors: readonly ElementNode[],
  words: readonly string[],
  textOf: (node: SnapshotNode) => string,
  labelOf: (node: ElementNode) => string,
  roleGiven: boolean,
): number {
  const own = ownText(node, textOf);
  // An unnamed container (main, a list, a form) is where things are, not a thing: only leaves are found by their text.
  if (!node.interactive && node.name === "" && (own === "" || node.children.some((child) => child.kind === "element"))) return 0;
  const name = wordSet(node.name);
  const text = wordSet(own);
  const label = wordSet(labelOf(node));
  const roleWords = new Set([node.role, ...(ROLE_WORDS[node.role] ?? [])].map(stem));
  const nearby = wordSet(nearbyText(node, ancestors, textOf));
  let score = 0;
  // A role the caller named already says which kind of element is meant.
  let described = roleGiven;
  for (const word of words) {
    const weight = name.has(word)
      ? WEIGHT.name
      : text.has(word)
        ? WEIGHT.text
        : label.has(word)
          ? WEIGHT.label
          : roleWords.has(word)
            ? WEIGHT.role
            : nearby.has(word)
              ? WEIGHT.nearby
              : 0;
    if (weight !== 0 && weight !== WEIGHT.nearby) described = true;
    score += weight;
  }
  // Text nearby alone does not make an element the one described: its neighbour is.
  return described ? score : 0;
}

/** An interactive element's text is all of its content; anything else's is its own text runs. */
function ownText(node: ElementNode, textOf: (node: SnapshotNode) => string): string {
  const parts = node.interactive ? node.children.map(textOf) : node.children.filter((child) => child.kind === "text").map(textOf);
  return parts.join(" ").slice(0, NEARBY_MAX_CHARS);
}

/** The text of the nearest ancestor that holds more than the element itself: its card, row or form group. */
function nearbyText(node: ElementNode, ancestors: readonly ElementNode[], textOf: (node: SnapshotNode) => string): string {
  const own = textOf(node);
  for (let level = 1; level <= NEARBY_LEVELS && level <= ancestors.length; level++) {
    const ancestor = ancestors[ancestors.length - level];
    if (ancestor === undefined) break;
    const around = textOf(ancestor);
    if (around.length > own.length) return around.length > NEARBY_MAX_CHARS ? "" : around;
  }
  return "";
}
