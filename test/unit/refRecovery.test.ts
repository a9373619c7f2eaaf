import { describe, expect, it, vi } from "vitest";
import type { ElementDescriptor } from "../../extension/content/accessibility/elementDescriptor.js";
import { WebOperatorError } from "../../protocol/index.js";
// The fakes are plain objects: the captured DOM members become plain member reads on them.
vi.mock("../../extension/content/dom/intrinsics.js", async () => (await import("./plainMemberReads.js")).plainMemberReads());

// The descriptor of a candidate is what the accessibility code would compute from the DOM;
// here each fake element carries its own, so the test isolates the registry and recovery rules.
vi.mock("../../extension/content/accessibility/elementDescriptor.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../extension/content/accessibility/elementDescriptor.js")>()),
  describeElement: (element: FakeElement): ElementDescriptor => element.descriptor,
}));

const { RefRegistry } = await import("../../extension/content/refs/refRegistry.js");
const { findReplacement } = await import("../../extension/content/refs/refRecovery.js");

interface FakeElement {
  localName: string;
  isConnected: boolean;
  shadowRoot: null;
  ownerDocument: FakeDocument;
  descriptor: ElementDescriptor;
  rendered: boolean;
  checkVisibility: () => boolean;
}

interface FakeDocument {
  defaultView: object | null;
  elements: FakeElement[];
  getElementsByTagName: (tag: string) => FakeElement[];
  querySelectorAll: (selector: string) => FakeElement[];
}

function fakeDocument(): FakeDocument {
  const document: FakeDocument = {
    defaultView: {},
    elements: [],
    getElementsByTagName: (tag) => document.elements.filter((element) => element.isConnected && element.localName === tag),
    querySelectorAll: () => [],
  };
  return document;
}

function button(document: FakeDocument, name: string, extra: Partial<ElementDescriptor> = {}): FakeElement {
  const element: FakeElement = {
    localName: "button",
    isConnected: true,
    shadowRoot: null,
    ownerDocument: document,
    descriptor: { role: "button", name, tag: "button", inputType: "", labelText: "", placeholder: "", ...extra },
    rendered: true,
    checkVisibility: () => element.rendered,
  };
  document.elements.push(element);
  return element;
}

const asElement = (element: FakeElement): Element => element as unknown as Element;

function errorOf(action: () => unknown): WebOperatorError {
  try {
    action();
  } catch (error) {
    if (error instanceof WebOperatorError) return error;
    throw error;
  }
  throw new Error("expected a WebOperatorError");
}

describe("strict ref recovery", () => {
  it("finds the one rendered element that matches every descriptor field", () => {
    const document = fakeDocument();
    const save = button(document, "Save");
    button(document, "Cancel");
    button(document, "Save", { labelText: "other form" });
    const hidden = button(document, "Save");
    hidden.rendered = false;
    expect(findReplacement(save.descriptor, document as unknown as Document)).toEqual({ kind: "unique", element: save });
  });

  it("answers none or ambiguous instead of guessing, and skips claimed candidates", () => {
    const document = fakeDocument();
    const first = button(document, "Remove");
    const second = button(document, "Remove");
    expect(findReplacement(first.descriptor, document as unknown as Document).kind).toBe("ambiguous");
    expect(findReplacement({ ...first.descriptor, name: "Gone" }, document as unknown as Document).kind).toBe("none");
    expect(findReplacement(first.descriptor, document as unknown as Document, (candidate) => candidate === asElement(first))).toEqual({
      kind: "unique",
      element: second,
    });
  });
});

describe("the ref registry", () => {
  it("keeps one ref per live element across snapshots and never reuses an index", () => {
    const document = fakeDocument();
    const registry = new RefRegistry("abc");
    const a = button(document, "A");
    expect(registry.beginSnapshot()).toBe("sabc_1");
    const refA = registry.issue(asElement(a), [], a.descriptor);
    expect(refA).toBe("sabc_1_1");
    registry.beginSnapshot();
    const b = button(document, "B");
    expect(registry.issue(asElement(a), [], a.descriptor)).toBe(refA);
    expect(registry.issue(asElement(b), [], b.descriptor)).toBe("sabc_2_1");
    expect(registry.resolve(`[ref=${refA}]`)).toEqual({ ref: refA, element: a, recovered: false });
  });

  it("rejects malformed, foreign and never-issued refs with typed errors", () => {
    const registry = new RefRegistry("abc");
    registry.beginSnapshot();
    expect(errorOf(() => registry.resolve("button Save")).code).toBe("invalid_ref");
    expect(errorOf(() => registry.resolve("sxyz_1_1")).code).toBe("stale_ref");
    const neverIssued = errorOf(() => registry.resolve("sabc_1_7"));
    expect(neverIssued.code).toBe("invalid_ref");
    expect(neverIssued.message).toContain("latest browser.snapshot");
  });

  it("recovers a re-rendered element once, reports it until the ref is printed again", () => {
    const document = fakeDocument();
    const registry = new RefRegistry("abc");
    registry.beginSnapshot();
    const old = button(document, "Save");
    const ref = registry.issue(asElement(old), [], old.descriptor);
    old.isConnected = false;
    const rerendered = button(document, "Save");
    expect(registry.resolve(ref)).toEqual({ ref, element: rerendered, recovered: true });
    // The recovered element is now the ref's: a second op on the same ref still says so.
    expect(registry.resolve(ref)).toEqual({ ref, element: rerendered, recovered: true });
    registry.beginSnapshot();
    expect(registry.issue(asElement(rerendered), [], rerendered.descriptor)).toBe(ref);
    expect(registry.resolve(ref).recovered).toBe(false);
  });

  it("never hands a ref a twin that had its own ref while the original was alive", () => {
    const document = fakeDocument();
    const registry = new RefRegistry("abc");
    registry.beginSnapshot();
    const row1 = button(document, "Remove");
    const row2 = button(document, "Remove");
    const ref1 = registry.issue(asElement(row1), [], row1.descriptor);
    const ref2 = registry.issue(asElement(row2), [], row2.descriptor);
    row1.isConnected = false;
    const gone = errorOf(() => registry.resolve(ref1));
    expect(gone.code).toBe("stale_ref");
    expect(gone.message).toContain(`Ref ${ref1} (button "Remove") is no longer on the page`);
    expect(registry.resolve(ref2).element).toBe(row2);
  });

  it("takes an element first given a ref after the original was last seen as its re-render", () => {
    const document = fakeDocument();
    const registry = new RefRegistry("abc");
    registry.beginSnapshot();
    const old = button(document, "Pay");
    const ref = registry.issue(asElement(old), [], old.descriptor);
    old.isConnected = false;
    const fresh = button(document, "Pay");
    registry.beginSnapshot();
    registry.issue(asElement(fresh), [], fresh.descriptor);
    expect(registry.resolve(ref)).toMatchObject({ element: fresh, recovered: true });
  });

  it("fails as ambiguous when several elements match, and as a replaced frame when the document is gone", () => {
    const document = fakeDocument();
    const registry = new RefRegistry("abc");
    registry.beginSnapshot();
    const old = button(document, "Next");
    const ref = registry.issue(asElement(old), [], old.descriptor);
    old.isConnected = false;
    button(document, "Next");
    button(document, "Next");
    const ambiguous = errorOf(() => registry.resolve(ref));
    expect(ambiguous.code).toBe("stale_ref");
    expect(ambiguous.message).toContain("several elements now match it");
    document.defaultView = null;
    expect(errorOf(() => registry.resolve(ref)).message).toContain("frame that was removed or navigated");
  });
});
