import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const PARTS = ["protocol", "extension", "bridge", "agent-client"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative import and re-export of a file, type-only ones included, as absolute .ts paths. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith("."))
    .map(({ fileName }) => resolve(dirname(file), fileName.replace(/\.js$/, ".ts")))
    .filter((target) => known.has(target));
}

/** The strongly connected components with more than one file (Tarjan): each is an import cycle. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe("the import graph", () => {
  // ESLint's import-x/no-cycle catches value cycles as you type; it skips type-only imports,
  // which tangle the house as much, so this counts them too.
  it("has no cycle in protocol/, extension/, bridge/ or agent-client/, type imports included", () => {
    const files = PARTS.flatMap((part) => sourceFiles(join(root, part)));
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("finds a cycle that runs through a type-only import", () => {
    const graph = new Map([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/a.ts"]],
    ]);
    expect(cyclesOf(graph)).toHaveLength(1);
    expect(importsOf(join(root, "bridge/requestRouter.ts"), new Set([join(root, "bridge/commandContext.ts")]))).toEqual([
      join(root, "bridge/commandContext.ts"),
    ]);
  });
});
