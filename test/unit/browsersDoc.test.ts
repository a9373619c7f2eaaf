import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHROMIUM_BROWSERS } from "../../bridge/install/chromiumBrowsers.js";

const doc = readFileSync(new URL("../../docs/browsers.md", import.meta.url), "utf8");

/** docs/browsers.md's table row of a browser: `| \`id\` | Name | linux | macOS | branded |`. */
function rowOf(id: string): string[] | undefined {
  const line = doc.split("\n").find((each) => each.startsWith(`| \`${id}\` |`));
  return line?.split("|").map((cell) => cell.trim());
}

function folder(segments: readonly string[] | undefined): string {
  return segments === undefined ? "—" : `\`${segments.join("/")}\``;
}

describe("docs/browsers.md", () => {
  it("has one row per browser of the table, with its folders as the code has them", () => {
    for (const browser of CHROMIUM_BROWSERS) {
      const row = rowOf(browser.id);
      expect(row, `no row for ${browser.id}`).toBeDefined();
      expect(row?.[2]).toBe(browser.name);
      expect(row?.[3]?.startsWith(folder(browser.linux?.profile))).toBe(true);
      expect(row?.[4]?.startsWith(folder(browser.darwin?.profile))).toBe(true);
      expect(row?.[5]).toBe(browser.googleBranded ? "yes" : "");
    }
  });
});
