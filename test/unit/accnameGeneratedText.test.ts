import { describe, expect, it, vi } from "vitest";
import { contentText, parseContent, type ContentScope } from "../../extension/content/accessibility/pseudoContent.js";
import { formatCounter } from "../../extension/content/accessibility/counterStyles.js";
import { CounterScopes, parseCounterList, type CounterChanges } from "../../extension/content/accessibility/cssCounters.js";
import { applyTextTransform } from "../../extension/content/accessibility/textTransform.js";
// The fakes are plain objects: the captured DOM members become plain member reads on them.
vi.mock("../../extension/content/dom/intrinsics.js", async () => (await import("./plainMemberReads.js")).plainMemberReads());

function scopeWith(counters: Record<string, number[]>, attributes: Record<string, string> = {}): ContentScope {
  return { attribute: (name) => attributes[name] ?? "", counterValues: (name) => counters[name] ?? [] };
}

describe("generated content text (::before / ::after content)", () => {
  it("joins strings, with CSS escapes decoded", () => {
    expect(contentText('"a" "b\\"c" \'d\'', scopeWith({})).text).toBe('ab"cd');
    expect(contentText('"\\2022 x"', scopeWith({})).text).toBe("\u2022x");
  });

  it("takes the alternative text after / instead of what is rendered", () => {
    expect(contentText('" before " / " alt-before "', scopeWith({}))).toEqual({ text: " alt-before ", fromAlternative: true });
    expect(contentText('"before" url("x.png") / ""', scopeWith({}))).toEqual({ text: "", fromAlternative: true });
  });

  it("does not split on a / inside a string or a function", () => {
    expect(contentText('"a/b" url("x/y.png")', scopeWith({}))).toEqual({ text: "a/b", fromAlternative: false });
  });

  it("evaluates attr(), counter() and counters() in their styles", () => {
    const scope = scopeWith({ cnt: [5051], sec: [2, 3] }, { "data-alt": "ALT" });
    expect(contentText('"" / counter(cnt)', scope).text).toBe("5051");
    expect(contentText('" start " attr(data-alt) " end "', scope).text).toBe(" start ALT end ");
    expect(contentText('counters(sec, ".") ". "', scope).text).toBe("2.3. ");
    expect(contentText("counter(sec, upper-roman)", scope).text).toBe("III");
    expect(contentText("counter(missing)", scope).text).toBe("0");
  });

  it("gives images no text and quotes their marks", () => {
    expect(contentText('url("a.png") linear-gradient(red, blue)', scopeWith({})).text).toBe("");
    expect(contentText('open-quote "x" close-quote', scopeWith({})).text).toBe("\u201Cx\u201D");
  });

  it("parses counter arguments", () => {
    expect(parseContent('counters(a, "-", lower-alpha)').main).toEqual([
      { kind: "counters", name: "a", separator: "-", style: "lower-alpha" },
    ]);
  });
});

describe("counter styles", () => {
  it.each([
    [3, "decimal", "3"],
    [7, "decimal-leading-zero", "07"],
    [28, "lower-alpha", "ab"],
    [1994, "upper-roman", "MCMXCIV"],
    [4, "lower-roman", "iv"],
    [1, "disc", "\u2022"],
    [5, "none", ""],
    [5, "unknown-style", "5"],
  ])("%i in %s is %j", (value, style, text) => {
    expect(formatCounter(value, style)).toBe(text);
  });
});

describe("counter scopes", () => {
  const none: CounterChanges = { reset: [], increment: [], set: [] };

  it("reads counter property values with their defaults", () => {
    expect(parseCounterList("none", 0)).toEqual([]);
    expect(parseCounterList("a 2 b", 0)).toEqual([
      ["a", 2],
      ["b", 0],
    ]);
    expect(parseCounterList("a b -3", 1)).toEqual([
      ["a", 1],
      ["b", -3],
    ]);
  });

  it("applies reset, then increment, then set", () => {
    const scopes = new CounterScopes<string>();
    scopes.apply({ reset: [["n", 10]], increment: [["n", 2]], set: [] }, "body");
    expect(scopes.values("n")).toEqual([12]);
    scopes.apply({ ...none, increment: [["n", 1]], set: [["n", 228]] }, "body");
    expect(scopes.values("n")).toEqual([228]);
  });

  it("nests a reset inside another element's scope and ends it with the parent", () => {
    const scopes = new CounterScopes<string>();
    scopes.apply({ ...none, reset: [["s", 0]] }, "body");
    scopes.apply({ ...none, increment: [["s", 1]] }, "body");
    scopes.apply({ ...none, reset: [["s", 5]] }, "section");
    expect(scopes.values("s")).toEqual([1, 5]);
    scopes.leave("section");
    expect(scopes.values("s")).toEqual([1]);
  });

  it("lets a sibling's reset replace the earlier sibling's counter", () => {
    const scopes = new CounterScopes<string>();
    scopes.apply({ ...none, reset: [["s", 1]] }, "parent");
    scopes.apply({ ...none, reset: [["s", 7]] }, "parent");
    expect(scopes.values("s")).toEqual([7]);
  });

  it("instantiates a counter an element increments before any reset", () => {
    const scopes = new CounterScopes<string>();
    scopes.apply({ ...none, increment: [["seq", 1]] }, "a");
    scopes.apply({ ...none, increment: [["seq", 1]] }, "a");
    expect(scopes.values("seq")).toEqual([2]);
  });
});

describe("text-transform", () => {
  it.each([
    ["Call us", "uppercase", "CALL US"],
    ["Call us", "lowercase", "call us"],
    ["call us-now", "capitalize", "Call Us-Now"],
    ["don't stop", "capitalize", "Don't Stop"],
    ["Call us", "none", "Call us"],
    ["ぁ", "full-size-kana", "ぁ"],
  ])("%j with %s is %j", (text, transform, shown) => {
    expect(applyTextTransform(text, transform)).toBe(shown);
  });

  it("does not capitalize a word that began in the previous text", () => {
    expect(applyTextTransform("ing now", "capitalize", false)).toBe("ing Now");
  });
});
