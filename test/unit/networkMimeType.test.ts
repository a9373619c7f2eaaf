import { describe, expect, it } from "vitest";
import { mimeTypeOf } from "../../extension/background/diagnostics/mimeType.js";

describe("read_network's MIME type, from the Content-Type header", () => {
  it("keeps the type without parameters, lower-cased, whatever the header's case", () => {
    expect(mimeTypeOf([{ name: "Content-Type", value: "Text/HTML; charset=UTF-8" }])).toBe("text/html");
    expect(
      mimeTypeOf([
        { name: "x-other", value: "a/b" },
        { name: "content-type", value: "application/vnd.api+json" },
      ]),
    ).toBe("application/vnd.api+json");
  });

  it("says nothing when the response names no type, or names it badly", () => {
    expect(mimeTypeOf(undefined)).toBeUndefined();
    expect(mimeTypeOf([])).toBeUndefined();
    expect(mimeTypeOf([{ name: "content-type" }])).toBeUndefined();
    expect(mimeTypeOf([{ name: "content-type", value: "text html <script>" }])).toBeUndefined();
  });
});
