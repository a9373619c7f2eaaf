import { z } from "zod";
import { UsageError } from "./usageError.js";

/** The JSON Schema subset the CLI reads to turn argv strings into payload values. */
interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  description?: string;
}

export type FieldKind = "string" | "number" | "boolean" | "string-list" | "number-list" | "json";

export interface PayloadField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Allowed string values, matched case-insensitively. */
  choices?: readonly string[];
  description?: string;
}

function typesOf(schema: FieldSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (schema.enum) return [...new Set(schema.enum.map((value) => typeof value))];
  if (schema.const !== undefined) return [typeof schema.const];
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type === undefined ? [] : [schema.type];
}

function kindOf(schema: FieldSchema): FieldKind {
  const types = new Set(typesOf(schema));
  // The protocol's loose booleans are `boolean | "true" | "false"`: a switch on the command line.
  if (types.has("boolean")) return "boolean";
  if (types.size === 1 && types.has("string")) return "string";
  if (types.size === 1 && (types.has("number") || types.has("integer"))) return "number";
  if (types.size === 1 && types.has("array")) {
    const items = typesOf(schema.items ?? {});
    if (items.length === 1 && items[0] === "string") return "string-list";
    if (items.length === 1 && (items[0] === "number" || items[0] === "integer")) return "number-list";
  }
  return "json";
}

function choicesOf(schema: FieldSchema): string[] | undefined {
  const values = schema.anyOf ? schema.anyOf.flatMap((each) => each.enum ?? []) : (schema.enum ?? []);
  const strings = values.filter((value): value is string => typeof value === "string");
  return strings.length > 0 ? strings : undefined;
}

/** A payload's top-level fields, read from its JSON Schema so the CLI needs no per-command code. */
export function payloadFields(payload: z.ZodType): PayloadField[] {
  const json = z.toJSONSchema(payload, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    kind: kindOf(schema),
    required: required.has(name),
    choices: choicesOf(schema),
    description: schema.description,
  }));
}

function parseNumber(text: string, what: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new UsageError(`${what} must be a number, got "${text}"`);
  return value;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${what} takes JSON, e.g. '{"x": 10, "y": 20}'; got ${text}`);
  }
}

/** One argv string (or repeated ones) as the value the field's schema expects; zod then judges it. */
export function coerceField(field: PayloadField, texts: readonly string[], what: string): unknown {
  const last = texts[texts.length - 1] ?? "";
  switch (field.kind) {
    case "number":
      return parseNumber(last, what);
    case "boolean":
      return last === "true" ? true : last === "false" ? false : last;
    case "string": {
      const match = field.choices?.find((choice) => choice.toLowerCase() === last.toLowerCase());
      return match ?? last;
    }
    case "string-list":
      return texts.length === 1 && last.trimStart().startsWith("[") ? parseJson(last, what) : [...texts];
    case "number-list":
      return texts.flatMap((text) => text.split(",")).map((text) => parseNumber(text, what));
    case "json": {
      // Fields that take a string among other shapes (a ref or a point) keep plain text as text.
      const trimmed = last.trimStart();
      return trimmed.startsWith("{") || trimmed.startsWith("[")
        ? parseJson(last, what)
        : /^-?\d+(\.\d+)?$/.test(last)
          ? Number(last)
          : last;
    }
  }
}
