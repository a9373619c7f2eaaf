/**
 * A payload's JSON Schema as a host shows it to its model on every turn. The server still
 * validates every call against the full zod schema, so only what guides the model stays:
 * - the top-level description and examples go (the tool's own description says it);
 * - bounds no model would reach (a 2 MB string, MAX_SAFE_INTEGER) go, and so does a string's
 *   length limit of a hundred characters or more (a ref's 120, a path's 4,096), a guard
 *   against abuse that a model's refs, labels and paths stay well within; so do the lower
 *   bounds no model means to cross (a non-negative tab id, a non-empty ref). A call past
 *   any of them gets an error that names the limit;
 * - `additionalProperties: false` goes: a model sends the properties it is shown, and the
 *   server answers an unknown one with an error that names it;
 * - a "loose boolean" (true, false, "true" or "false") is shown as a plain boolean.
 */
export function compactInputSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, description: _description, examples: _examples, ...rest } = schema;
  return compactNode(rest) as Record<string, unknown>;
}

/** Lengths and sizes above this are limits against abuse, not guidance. */
const UNREACHABLE_BOUND = 100_000;

const BOUND_KEYS = new Set(["maximum", "maxLength", "maxItems"]);

/** A string's maxLength from here up guards against abuse; a model's arguments stay well within it. */
const STRING_LENGTH_GUARD = 100;

/** Lower bounds that only restate what a sensible call already is: an index is not negative, a ref or a list not empty. */
const TRIVIAL_LOWER_BOUNDS: Readonly<Record<string, number>> = { minimum: 0, minLength: 1, minItems: 1 };

function compactNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactNode);
  if (typeof node !== "object" || node === null) return node;
  const record = node as Record<string, unknown>;
  if (isLooseBoolean(record)) return { type: "boolean" };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (BOUND_KEYS.has(key) && typeof value === "number" && value >= UNREACHABLE_BOUND) continue;
    if (key === "maxLength" && typeof value === "number" && value >= STRING_LENGTH_GUARD) continue;
    if (TRIVIAL_LOWER_BOUNDS[key] === value) continue;
    if (key === "additionalProperties" && value === false) continue;
    out[key] = key === "properties" ? compactProperties(value) : compactNode(value);
  }
  return out;
}

function compactProperties(properties: unknown): unknown {
  if (typeof properties !== "object" || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, compactNode(value)]));
}

function isLooseBoolean(record: Record<string, unknown>): boolean {
  const anyOf = record.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return false;
  const [first, second] = anyOf as unknown[];
  return JSON.stringify(first) === '{"type":"boolean"}' && JSON.stringify(second) === '{"type":"string","enum":["true","false"]}';
}
