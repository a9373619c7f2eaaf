import { describe, expect, it } from "vitest";
import { descriptionWords, rankByWords, stem } from "../../extension/content/find/wordOverlap.js";
import type { ElementNode, SnapshotNode } from "../../extension/content/snapshot/snapshotTree.js";

/** The ranking reads only roles, names, text and the tree's shape; the DOM element is never touched here. */
function el(role: string, name: string, children: SnapshotNode[] = [], interactive = false): ElementNode {
  return { kind: "element", element: {} as Element, role, name, states: [], children, interactive, frameChain: [], placement: null };
}
const text = (value: string): SnapshotNode => ({ kind: "text", text: value, placement: null });
const noLabel = (): string => "";

function shop(): SnapshotNode[] {
  const card = (product: string, price: string): ElementNode =>
    el("listitem", "", [
      el("heading", product, [text(product)]),
      text(price),
      el("button", "Add to cart", [text("Add to cart")], true),
      el("link", "Details", [], true),
    ]);
  return [
    el("navigation", "", [el("link", "Cart", [], true), el("searchbox", "Search products", [], true)]),
    el("main", "", [el("list", "", [card("Desk fan", "$20"), card("Storm lamp", "$30"), card("Lamp shades", "$5")])]),
  ];
}
const names = (ranked: ReturnType<typeof rankByWords>): string[] => ranked.map(({ node }) => `${node.role} ${node.name}`);

describe("find by description: word overlap", () => {
  it("lower-cases, drops stop words and plural s, keeps each word once", () => {
    expect(descriptionWords("The Add to Cart button for the Storm LAMPS, storm lamp")).toEqual(["add", "cart", "button", "storm", "lamp"]);
    expect([stem("lamps"), stem("boxes"), stem("batteries"), stem("glass"), stem("status"), stem("bus")]).toEqual([
      "lamp",
      "box",
      "battery",
      "glass",
      "status",
      "bus",
    ]);
  });

  it("puts the add-to-cart button beside 'Storm lamp' first, other add-to-cart buttons next", () => {
    const ranked = rankByWords(shop(), "the add to cart button for the storm lamp", noLabel);
    expect(ranked[0]?.node.role).toBe("button");
    expect(ranked[0]?.score).toBe(3 + 3 + 2 + 1 + 1);
    const scores = ranked.map(({ score }) => score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(names(ranked).slice(0, 4)).toEqual(["button Add to cart", "button Add to cart", "button Add to cart", "heading Storm lamp"]);
    // Among the two lesser buttons, "Lamp shades" is nearer the description (lamp) than "Desk fan".
    expect(ranked.slice(0, 3).map(({ score }) => score)).toEqual([10, 9, 8]);
  });

  it("matches roles through describing words, and never by nearby text alone", () => {
    expect(names(rankByWords(shop(), "search field", noLabel))[0]).toBe("searchbox Search products");
    // "Desk fan" is only the nearby text of the card's button and link: just the heading is found.
    expect(names(rankByWords(shop(), "desk fan", noLabel))).toEqual(["heading Desk fan"]);
    expect(rankByWords(shop(), "the of for", noLabel)).toEqual([]);
    // An unnamed container is never the thing described, though its text has the words.
    const main = el("main", "", [text("Cart: empty"), el("button", "Checkout", [], true)]);
    expect(names(rankByWords([main], "cart", noLabel))).toEqual([]);
    expect(names(rankByWords([el("listitem", "", [text("Cart: empty")])], "cart", noLabel))).toEqual(["listitem "]);
    expect(rankByWords(shop(), "refund policy", noLabel)).toEqual([]);
  });

  it("counts the label (placeholder, title) and keeps to a role when one is given", () => {
    const page = [el("textbox", "", [], true), el("textbox", "Name", [], true)];
    const ranked = rankByWords(page, "email address", (node) => (node.name === "" ? "you@example.com email" : ""));
    expect(ranked).toHaveLength(1);
    expect(ranked[0]?.node).toBe(page[0]);
    // With a role given, nearby text alone may pick among that role's elements.
    expect(rankByWords(shop(), "storm lamp", noLabel, "button").map(({ score }) => score)).toEqual([2, 1]);
  });
});
