import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { COMMANDS, ErrorCodeSchema } from "../../protocol/index.js";

const root = new URL("../../", import.meta.url);
const read = (file: string): string => readFileSync(new URL(file, root), "utf8");
const commandsDoc = read("docs/commands.md");
const errorsDoc = read("docs/errors.md");
const handWritten = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Relative Markdown links of a page, as [file, fragment]; web links are left out, an in-page anchor has file "". */
function relativeLinks(markdown: string): [string, string][] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => [target.split("#")[0] ?? "", target.split("#")[1] ?? ""]);
}

function fileLinks(markdown: string): string[] {
  return relativeLinks(markdown)
    .map(([file]) => file)
    .filter((file) => file !== "");
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return new Set(
    [...outsideCode.matchAll(/^#+ (.+)$/gm)].map((match) =>
      (match[1] ?? "")
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

/** A command or error code the docs do not name does not exist for users; a dead link sends them nowhere. */
describe("docs coverage", () => {
  it.each(Object.keys(COMMANDS))("docs/commands.md documents the command %s", (command) => {
    expect(commandsDoc).toContain(`| \`${command}\``);
  });

  it.each(ErrorCodeSchema.options)("docs/errors.md documents the error code %s in its table", (code) => {
    expect(errorsDoc).toMatch(new RegExp(`^\\| \`${code}\` \\| \\S`, "m"));
  });

  it.each(handWritten)("every relative link of %s names a file that exists", (file) => {
    const base = new URL(file, root);
    const missing = fileLinks(read(file)).filter((target) => !existsSync(new URL(target, base)));
    expect(missing).toEqual([]);
  });

  it.each(handWritten)("every #anchor a link of %s names is a heading of its page", (file) => {
    const base = new URL(file, root);
    const dangling = relativeLinks(read(file))
      .filter(([target, anchor]) => anchor !== "" && (target === "" || target.endsWith(".md")))
      .filter(([target, anchor]) => !headingAnchors(readFileSync(target === "" ? base : new URL(target, base), "utf8")).has(anchor));
    expect(dangling).toEqual([]);
  });

  it("the README links every page of docs/", () => {
    const linked = new Set(fileLinks(read("README.md")));
    const pages = readdirSync(new URL("docs/", root)).filter((name) => name.endsWith(".md"));
    expect(pages.filter((page) => !linked.has(`docs/${page}`))).toEqual([]);
  });
});
