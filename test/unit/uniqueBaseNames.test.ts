import { execFileSync } from "node:child_process";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Names every folder may use for the same job: a folder's entry (index.ts) and a program's or
 * page's entry point (main.ts: the bridge's process, the side panel's page).
 */
const CONVENTIONAL = new Set(["index.ts", "main.ts"]);

describe("file names", () => {
  it("no two product files share a base name, so quick-open and a stack trace name one file", () => {
    const files = execFileSync("git", ["ls-files", "protocol/*.ts", "bridge/*.ts", "extension/*.ts", "agent-client/*.ts", "scripts/*.ts"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(400);
    const byName = new Map<string, string[]>();
    for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
    const shared = [...byName].filter(([name, paths]) => paths.length > 1 && !CONVENTIONAL.has(name)).map(([, paths]) => paths);
    expect(shared).toEqual([]);
  });
});
