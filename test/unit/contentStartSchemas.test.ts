import { describe, expect, it, vi } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type * as Zod from "zod";

const built = vi.hoisted(() => ({ count: 0 }));

// Every zod builder call (z.object, z.enum, z.string...) is counted.
vi.mock("zod", async (importOriginal) => {
  const real = await importOriginal<typeof Zod>();
  const z = new Proxy(real.z, {
    get(target, key, receiver): unknown {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || /^[A-Z]/.test(String(key))) return value;
      return (...args: unknown[]): unknown => {
        built.count++;
        return (value as (...inner: unknown[]) => unknown)(...args);
      };
    },
  });
  return { ...real, z };
});

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONTENT = path.join(ROOT, "extension/content");

/** The protocol modules a content-script file imports for values (type-only imports are erased). */
function protocolModulesOfContent(): string[] {
  const modules = new Set<string>();
  const files = readdirSync(CONTENT, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  for (const file of files) {
    const source = readFileSync(path.join(CONTENT, file), "utf8");
    for (const match of source.matchAll(/import\s+(?!type\b)[^;]*?from\s+"([^"]*\/protocol\/[^"]+)"/g)) {
      const specifier = match[1] ?? "";
      modules.add(path.resolve(path.dirname(path.join(CONTENT, file)), specifier).replace(/\.js$/, ".ts"));
    }
  }
  return [...modules].sort();
}

describe("the content script builds no schema at a document's start", () => {
  it("evaluating the protocol modules it imports calls no zod builder; a request schema is built on first use", async () => {
    const modules = protocolModulesOfContent();
    expect(modules.length).toBeGreaterThan(3);
    for (const module of modules) await import(module);
    expect(built.count).toBe(0);

    const { contentRequestSchema, isContentOp } = await import("../../protocol/contentMessages.js");
    expect(isContentOp("snapshot")).toBe(true);
    expect(isContentOp("toString")).toBe(false);
    expect(contentRequestSchema("snapshot").safeParse({ op: "snapshot", maxChars: 100 }).success).toBe(true);
    expect(contentRequestSchema("snapshot").safeParse({ op: "snapshot", maxChars: -1 }).success).toBe(false);
    expect(built.count).toBeGreaterThan(0);
    // Built once: a second lookup is the same schema.
    expect(contentRequestSchema("snapshot")).toBe(contentRequestSchema("snapshot"));
  });

  it("names each op's request schema by the op it parses, and gives each a result schema", async () => {
    const { z } = await import("zod");
    const { contentRequestSchema } = await import("../../protocol/contentMessages.js");
    const { contentResultSchema } = await import("../../protocol/contentReplies.js");
    const { perceptionContentRequests } = await import("../../protocol/content/perceptionRequests.js");
    const { browserActionContentRequests } = await import("../../protocol/content/browserActionRequests.js");
    const { actionabilityContentRequests } = await import("../../protocol/content/actionabilityRequests.js");
    const { pointerContentRequests } = await import("../../protocol/content/pointerRequests.js");
    const { holdContentRequests } = await import("../../protocol/content/holdRequests.js");
    const ops = Object.keys({
      ...perceptionContentRequests,
      ...browserActionContentRequests,
      ...actionabilityContentRequests,
      ...pointerContentRequests,
      ...holdContentRequests,
    }) as Parameters<typeof contentRequestSchema>[0][];
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) {
      const schema = contentRequestSchema(op);
      expect(schema).toBeInstanceOf(z.ZodObject);
      const field = (schema as Zod.ZodObject).shape.op;
      expect(field, op).toBeInstanceOf(z.ZodLiteral);
      expect((field as Zod.ZodLiteral).value, op).toBe(op);
      expect(contentResultSchema(op), op).toBeInstanceOf(z.ZodType);
    }
  });
});
