import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  copyExtension,
  dataDir,
  extensionVersionAt,
  installedExtensionDir,
  removeExtensionCopy,
} from "../../bridge/install/extensionFolder.js";

const root = mkdtempSync(join(tmpdir(), "wo-extfolder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function builtExtension(name: string, version: string, files: Record<string, string> = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ name: "WebOperator", version }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe("the per-user extension folder", () => {
  it("is under XDG_DATA_HOME (else ~/.local/share) on Linux and Application Support on macOS", () => {
    expect(installedExtensionDir({ HOME: "/h" }, "linux")).toBe("/h/.local/share/weboperator/extension");
    expect(installedExtensionDir({ HOME: "/h", XDG_DATA_HOME: "/d" }, "linux")).toBe("/d/weboperator/extension");
    expect(installedExtensionDir({ HOME: "/h", XDG_DATA_HOME: "relative" }, "linux")).toBe("/h/.local/share/weboperator/extension");
    expect(dataDir({ HOME: "/h" }, "darwin")).toBe("/h/Library/Application Support/WebOperator");
  });

  it("a copy lands in a new folder; a newer one replaces it under the same path, leaving none of the old files", () => {
    const to = join(root, "data", "weboperator", "extension");
    const first = copyExtension(builtExtension("v1", "1.0.0", { "old.js": "old" }), to);
    expect(first).toEqual({ dir: to, version: "1.0.0", replaced: null });
    const second = copyExtension(builtExtension("v2", "1.1.0", { "new.js": "new" }), to);
    expect(second).toEqual({ dir: to, version: "1.1.0", replaced: "1.0.0" });
    expect(existsSync(join(to, "old.js"))).toBe(false);
    expect(readFileSync(join(to, "new.js"), "utf8")).toBe("new");
    expect(existsSync(`${to}.old-${process.pid}`)).toBe(false);
  });

  it("refuses to replace a folder that holds something else, and uninstall leaves such a folder alone", () => {
    const taken = join(root, "taken");
    mkdirSync(taken);
    writeFileSync(join(taken, "notes.txt"), "mine");
    expect(() => copyExtension(builtExtension("v3", "1.0.0"), taken)).toThrow(expect.objectContaining({ code: "extension_folder_taken" }));
    expect(removeExtensionCopy(taken)).toBeNull();
    expect(readFileSync(join(taken, "notes.txt"), "utf8")).toBe("mine");
  });

  it("uninstall removes our copy and its data folder once empty", () => {
    const parent = join(root, "gone", "weboperator");
    const to = join(parent, "extension");
    copyExtension(builtExtension("v4", "2.0.0"), to);
    expect(extensionVersionAt(to)).toBe("2.0.0");
    expect(removeExtensionCopy(to)).toBe(to);
    expect(existsSync(parent)).toBe(false);
  });
});
