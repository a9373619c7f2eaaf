import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { EXTENSION_ID, EXTENSION_ORIGIN } from "../../protocol/constants.js";
import { hostManifest } from "../../bridge/install/hostRegistration.js";

describe("pinned extension identity", () => {
  it("derives EXTENSION_ID from manifest.json's key the way Chrome does", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../manifest.json", import.meta.url), "utf8")) as { key: string };
    const digest = createHash("sha256").update(Buffer.from(manifest.key, "base64")).digest("hex").slice(0, 32);
    const id = [...digest].map((hex) => String.fromCharCode(97 + parseInt(hex, 16))).join("");
    expect(id).toBe(EXTENSION_ID);
  });

  it("allows exactly that origin in the host manifest", () => {
    expect(hostManifest("/abs/launcher").allowed_origins).toEqual([EXTENSION_ORIGIN]);
    expect(EXTENSION_ORIGIN).toBe(`chrome-extension://${EXTENSION_ID}/`);
  });
});
