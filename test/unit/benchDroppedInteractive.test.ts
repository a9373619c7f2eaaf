import { describe, expect, it } from "vitest";
import { refLines, roleQuery } from "../../scripts/bench/droppedInteractive.js";
import { layoutViewport } from "../../scripts/bench/layoutViewport.js";

/** The bench's independent check of "visible interactive dropped" (scripts/bench). */
describe("bench: dropped visible interactive", () => {
  it("takes the viewport from <body> in quirks mode, where <html> is as tall as the document", () => {
    const root = { width: 1280, height: 10_468 };
    const body = { width: 1280, height: 720 };
    expect(layoutViewport({ quirks: true, root, body })).toEqual(body);
    expect(layoutViewport({ quirks: false, root: body, body: root })).toEqual(body);
    expect(layoutViewport({ quirks: true, root: body, body: null })).toEqual(body);
  });

  it("looks an unnamed line up as unnamed elements only, not every element of its role", () => {
    expect(roleQuery("")).toEqual({ name: "", exact: true });
    expect(roleQuery("Sign in")).toEqual({ name: "Sign in", exact: true });
    expect(roleQuery("\u00a0Sign\u00a0in\u00a0")).toEqual({ name: "Sign in", exact: true });
    expect(roleQuery("A long headline…")).toEqual({ name: "A long headline", exact: false });
  });

  it("reads role, name and ref from snapshot lines", () => {
    const text = '- banner\n  - link [ref=a_1]\n  - link "Say \\"hi\\"" [ref=a_2]\n  - text: plain';
    expect(refLines(text)).toEqual([
      { ref: "a_1", role: "link", name: "" },
      { ref: "a_2", role: "link", name: 'Say "hi"' },
    ]);
  });
});
