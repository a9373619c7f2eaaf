import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS, COMMAND_SECTIONS, resolveCommandType, type CommandSpec } from "../../protocol/index.js";
import { COMMAND_VERBS, findCommandVerb, verbExample } from "../../agent-client/cli/commandVerbs.js";
import { GLOBAL_FLAGS } from "../../agent-client/cli/argv.js";
import { parseCommandLine } from "../../agent-client/cli/parseCommandLine.js";
import { GENERATED_FILES } from "../../scripts/generatedDocs.js";

const root = new URL("../../", import.meta.url).pathname;
const entries = Object.entries(COMMANDS) as [keyof typeof COMMANDS, CommandSpec][];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Handlers the extension registers: `defineTool({ name: "browser.x", ... })`. */
function registeredHandlers(): string[] {
  return sourceFiles(join(root, "extension")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/defineTool\(\{\s*name:\s*"([^"]+)"/g)].map((match) => match[1] ?? ""),
  );
}

/** One declaration per tool: everything below is derived from protocol/'s entries. */
describe("command declarations", () => {
  it("every extension command has exactly one handler, and every handler a declaration", () => {
    const handlers = registeredHandlers();
    const declared = entries.filter(([, spec]) => spec.handledBy === "extension").map(([type]) => type);
    expect([...handlers].sort()).toEqual([...declared].sort());
  });

  it("every browser command declares a level; every entry a description and an example that parses", () => {
    for (const [type, spec] of entries) {
      if (spec.handledBy === "extension") expect(spec.level, type).toBeDefined();
      expect(spec.description.length, type).toBeGreaterThan(10);
      expect(spec.payload.safeParse(spec.example).success, `${type} example`).toBe(true);
    }
  });

  it("the docs' sections cover the command table exactly once", () => {
    const sectioned = Object.values(COMMAND_SECTIONS).flatMap((section) => Object.keys(section));
    expect(sectioned.sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it("aliases resolve to their command and never shadow another", () => {
    const seen = new Set<string>(Object.keys(COMMANDS));
    for (const [type, spec] of entries) {
      for (const alias of spec.aliases) {
        const full = `${type.slice(0, type.indexOf(".") + 1)}${alias}`;
        expect(seen.has(full), full).toBe(false);
        seen.add(full);
        expect(resolveCommandType(full)).toBe(type);
      }
    }
  });

  it("every command has a CLI verb whose flags never collide with the global options", () => {
    expect(COMMAND_VERBS.map((verb) => verb.type).sort()).toEqual(Object.keys(COMMANDS).sort());
    const spellings = COMMAND_VERBS.flatMap((verb) => verb.spellings);
    expect(new Set(spellings).size).toBe(spellings.length);
    for (const verb of COMMAND_VERBS) {
      const flags = verb.flags.map((flag) => flag.flag);
      expect(new Set(flags).size, verb.name).toBe(flags.length);
      for (const flag of flags) expect(GLOBAL_FLAGS, `${verb.name} --${flag}`).not.toContain(flag);
    }
  });

  it.each(COMMAND_VERBS.map((verb) => [verb.name, verb] as const))(
    "the CLI example of %s parses into the declared example",
    (_name, verb) => {
      const argv = splitShell(verbExample(verb)).slice(1);
      const parsed = parseCommandLine(argv);
      expect(parsed.kind).toBe("verb");
      if (parsed.kind !== "verb") return;
      expect(parsed.request.type).toBe(verb.type);
      expect(verb.spec.payload.parse(parsed.request.payload)).toEqual(verb.spec.payload.parse(verb.spec.example));
      expect(findCommandVerb(verb.name.split(" "))).toBe(verb);
    },
  );

  it.each(Object.entries(GENERATED_FILES))("%s is the generated one (run `npm run docs`)", (file, render) => {
    expect(readFileSync(join(root, file), "utf8")).toBe(render());
  });
});

/** Enough of sh's quoting for the examples verbExample writes: words, and '...' with '\'' inside. */
function splitShell(line: string): string[] {
  const words: string[] = [];
  const pattern = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (const match of line.matchAll(pattern)) words.push(match[1] !== undefined ? match[1].replace(/'\\''/g, "'") : (match[2] ?? ""));
  return words;
}
