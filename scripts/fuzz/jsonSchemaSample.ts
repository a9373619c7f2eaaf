import type { SeededRandom } from "./seededRandom.js";

/** The subset of JSON Schema that z.toJSONSchema emits for our payloads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

const SAMPLE_STRINGS = ["e1", "e2", "@e3", "f1e4", "button", "Enter", "https://127.0.0.1/", "example.com", "a", ""];

/** A plausible value for `schema`: mostly valid, so mutations start near the accepted shape. */
export function sampleFromSchema(schema: JsonSchema, random: SeededRandom, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return sampleFromSchema(random.pick(alternatives), random, depth + 1);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) || random.chance(0.4)) out[key] = sampleFromSchema(child, random, depth + 1);
      }
      return out;
    }
    case "array": {
      if (depth > 4) return [];
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => sampleFromSchema(schema.items ?? {}, random, depth + 1));
    }
    case "string": {
      const base = random.pick(SAMPLE_STRINGS);
      const min = schema.minLength ?? 0;
      return base.length >= min ? base.slice(0, schema.maxLength ?? base.length) : base.padEnd(min, "x");
    }
    case "integer":
    case "number": {
      const min = Math.max(schema.minimum ?? -5, -1_000_000);
      const max = Math.min(schema.maximum ?? 1_000, 1_000_000);
      return type === "integer" ? random.int(Math.ceil(min), Math.floor(max)) : min + random.next() * (max - min);
    }
    case "boolean":
      return random.chance(0.5);
    case "null":
      return null;
    default:
      return random.pick([1, "x", true, null, {}, []]);
  }
}

/** Values of every JSON type and some that break naive code (prototype keys, huge numbers, deep nesting). */
export function hostileValue(random: SeededRandom): unknown {
  const deep = (levels: number): unknown => (levels === 0 ? "bottom" : { a: deep(levels - 1) });
  return random.pick<() => unknown>([
    () => null,
    () => -1,
    () => 0,
    () => 1e308,
    () => -2147483649,
    () => 3.5,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => "",
    () => random.text(40),
    () => "x".repeat(random.int(1_000, 20_000)),
    () => true,
    () => [],
    () => [random.text(5), 1, null],
    () => ({}),
    () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => deep(random.int(10, 200)),
  ])();
}

/** One mutation of a payload: drop, retype or add a key, or replace the whole payload. */
export function mutatePayload(payload: unknown, random: SeededRandom): unknown {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload) || random.chance(0.1)) return hostileValue(random);
  const out: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  const keys = Object.keys(out);
  const choice = random.int(0, 3);
  if (choice === 0 && keys.length > 0) delete out[random.pick(keys)];
  else if (choice === 1 && keys.length > 0) out[random.pick(keys)] = hostileValue(random);
  else if (choice === 2) out[random.pick(["extra", "__proto__", "constructor", "tabId", "ref", "url", "token"])] = hostileValue(random);
  else if (keys.length > 0) out[random.pick(keys)] = random.pick([undefined, null, "", -1, 1e9]);
  return out;
}
