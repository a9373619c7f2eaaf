import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HopSchema } from "../../protocol/index.js";

describe("hop names", () => {
  it("every hop name the product marks fits the wire schema, so a traced request is never answered unreadable", () => {
    const files = execFileSync("git", ["ls-files", "extension/*.ts", "bridge/*.ts", "agent-client/*.ts"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file.length > 0);
    const names: string[] = [];
    for (const file of files)
      for (const match of readFileSync(file, "utf8").matchAll(/\.(?:mark|nest)\(\s*"([^"]+)"/g)) names.push(match[1] ?? "");
    expect(names.length).toBeGreaterThan(20);
    const unfit = names.filter((hop) => !HopSchema.safeParse({ hop, ms: 0 }).success);
    expect(unfit).toEqual([]);
  });
});
