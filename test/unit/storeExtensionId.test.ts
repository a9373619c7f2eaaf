import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXTENSION_ORIGIN } from "../../protocol/constants.js";
import { allowedOrigins, storeExtensionId } from "../../bridge/install/storeExtensionId.js";
import { hostManifest } from "../../bridge/install/hostRegistration.js";

const STORE_ID = "abcdefghijklmnopabcdefghijklmnop";
const dir = mkdtempSync(join(tmpdir(), "wo-storeid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Chrome Web Store's extension ID", () => {
  it("admits only the unpacked ID when none is configured", () => {
    expect(storeExtensionId({ WEBOPERATOR_CONFIG_DIR: dir })).toBeNull();
    expect(allowedOrigins({ WEBOPERATOR_CONFIG_DIR: dir })).toEqual([EXTENSION_ORIGIN]);
  });

  it("comes from WEBOPERATOR_STORE_EXTENSION_ID, else from install.json, and joins the unpacked ID in allowed_origins", () => {
    const env = { WEBOPERATOR_CONFIG_DIR: dir, WEBOPERATOR_STORE_EXTENSION_ID: STORE_ID };
    expect(allowedOrigins(env)).toEqual([EXTENSION_ORIGIN, `chrome-extension://${STORE_ID}/`]);
    writeFileSync(join(dir, "install.json"), JSON.stringify({ storeExtensionId: "ponmlkjihgfedcbaponmlkjihgfedcba" }));
    expect(storeExtensionId({ WEBOPERATOR_CONFIG_DIR: dir })).toBe("ponmlkjihgfedcbaponmlkjihgfedcba");
    expect(storeExtensionId(env)).toBe(STORE_ID);
    expect(hostManifest("/l", allowedOrigins(env)).allowed_origins).toEqual([EXTENSION_ORIGIN, `chrome-extension://${STORE_ID}/`]);
  });

  it("refuses what is not an extension ID, from either place, with a typed error", () => {
    expect(() => storeExtensionId({ WEBOPERATOR_STORE_EXTENSION_ID: "chrome-extension://x/" })).toThrow(
      expect.objectContaining({ code: "invalid_extension_id" }),
    );
    writeFileSync(join(dir, "install.json"), "{not json");
    expect(() => storeExtensionId({ WEBOPERATOR_CONFIG_DIR: dir })).toThrow(expect.objectContaining({ code: "invalid_extension_id" }));
  });
});
