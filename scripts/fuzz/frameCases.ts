import { z } from "zod";
import { COMMANDS, MAX_PREAUTH_FRAME_BYTES, UPLINK_REQUEST_TYPE, encodeJsonFrame } from "../../protocol/index.js";
import { hostileValue, mutatePayload, sampleFromSchema, type JsonSchema } from "./jsonSchemaSample.js";
import type { SeededRandom } from "./seededRandom.js";

export const FRAME_CATEGORIES = [
  "random-bytes",
  "truncated",
  "oversized",
  "split",
  "wrong-shape",
  "mutated",
  "unauthenticated",
  "flood",
] as const;
export type FrameCategory = (typeof FRAME_CATEGORIES)[number];

const WEIGHTS: Record<FrameCategory, number> = {
  "random-bytes": 10,
  truncated: 8,
  oversized: 6,
  split: 14,
  "wrong-shape": 18,
  mutated: 20,
  unauthenticated: 18,
  flood: 4,
};

/** Ids of requests sent without a valid token start with this: any `result` answering one is a breach. */
export const UNAUTHENTICATED_ID_PREFIX = "u-";

const COMMAND_TYPES = Object.keys(COMMANDS);
const schemaCache = new Map<string, JsonSchema>();

export function payloadSchema(type: string): JsonSchema {
  let schema = schemaCache.get(type);
  if (!schema) {
    const spec = (COMMANDS as Record<string, { payload: z.ZodType }>)[type];
    schema = spec ? (z.toJSONSchema(spec.payload, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};
    schemaCache.set(type, schema);
  }
  return schema;
}

export function pickCategory(random: SeededRandom): FrameCategory {
  const total = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  let roll = random.next() * total;
  for (const category of FRAME_CATEGORIES) {
    roll -= WEIGHTS[category];
    if (roll < 0) return category;
  }
  return "flood";
}

export interface RequestFactory {
  token: string;
  canaryUrl: () => string;
  nextId: () => number;
}

/** A request whose payload, if it ever ran, would make the browser fetch a canary URL. */
export function unauthenticatedRequest(random: SeededRandom, factory: RequestFactory): Record<string, unknown> {
  const canary = factory.canaryUrl();
  const type = random.pick([...COMMAND_TYPES, UPLINK_REQUEST_TYPE, "browser.navigate", "browser.tab_open", "browser.run_javascript"]);
  const payload = random.pick([
    { url: canary },
    { code: `fetch(${JSON.stringify(canary)})` },
    { url: canary, tabId: random.int(1, 50) },
    mutatePayload(sampleFromSchema(payloadSchema(type), random), random),
  ]);
  const token = random.pick<unknown>([
    undefined,
    "",
    "wrong",
    `${factory.token}x`,
    factory.token.slice(0, -1),
    factory.token.toUpperCase(),
    " ".repeat(999),
    12345,
    null,
    [factory.token],
    { token: factory.token },
  ]);
  const request: Record<string, unknown> = { id: `${UNAUTHENTICATED_ID_PREFIX}${factory.nextId()}`, type, payload };
  if (token !== undefined) request.token = token;
  return request;
}

/** An authenticated request for a random command with a mutated payload, bounded in time. */
export function mutatedRequest(random: SeededRandom, factory: RequestFactory): Record<string, unknown> {
  const type = random.chance(0.15) ? "bridge.health" : random.pick(COMMAND_TYPES);
  const payload = mutatePayload(sampleFromSchema(payloadSchema(type), random), random);
  return { id: `a-${factory.nextId()}`, type, payload, token: factory.token, timeoutMs: 3_000 };
}

export function healthRequest(factory: RequestFactory): Record<string, unknown> {
  return { id: `h-${factory.nextId()}`, type: "bridge.health", payload: {}, token: factory.token };
}

/** Valid JSON that is not a request: wrong types, wrong field types, tokens in wrong places. */
export function wrongShapeValue(random: SeededRandom, factory: RequestFactory): unknown {
  return random.pick<() => unknown>([
    () => hostileValue(random),
    () => ({ id: `${UNAUTHENTICATED_ID_PREFIX}${factory.nextId()}`, type: 123, token: factory.token }),
    () => ({ id: { nested: true }, type: "bridge.health", token: factory.token }),
    () => ({ id: `a-${factory.nextId()}`, type: "bridge.health", payload: [1, 2], token: factory.token }),
    () => ({ id: `a-${factory.nextId()}`, type: "bridge.health", timeoutMs: -5, token: factory.token }),
    () => ({ id: `a-${factory.nextId()}`, type: "x".repeat(random.int(101, 500)), token: factory.token }),
    () => ({
      id: `${UNAUTHENTICATED_ID_PREFIX}${factory.nextId()}`,
      type: "browser.navigate",
      payload: { url: factory.canaryUrl() },
      auth: factory.token,
    }),
    () => [healthRequest(factory)],
    () => random.text(30),
  ])();
}

export function encode(value: unknown): Uint8Array {
  return encodeJsonFrame(value);
}

/** A frame whose 4-byte header is right but whose body is not UTF-8 JSON. */
export function garbageBodyFrame(random: SeededRandom): Uint8Array {
  const body = random.bytes(random.int(1, 200));
  const frame = new Uint8Array(4 + body.byteLength);
  new DataView(frame.buffer).setUint32(0, body.byteLength, true);
  frame.set(body, 4);
  return frame;
}

/** A header claiming more than the pre-auth cap, or a real body over it. */
export function oversizedFrame(random: SeededRandom, factory: RequestFactory): Uint8Array {
  if (random.chance(0.5)) {
    const header = new Uint8Array(4 + random.int(0, 64));
    new DataView(header.buffer).setUint32(0, random.int(MAX_PREAUTH_FRAME_BYTES + 1, 0xffffffff), true);
    return header;
  }
  return encode({
    ...unauthenticatedRequest(random, factory),
    padding: "p".repeat(random.int(MAX_PREAUTH_FRAME_BYTES, MAX_PREAUTH_FRAME_BYTES * 3)),
  });
}

/** Cuts bytes into 2..6 pieces at random points. */
export function splitBytes(bytes: Uint8Array, random: SeededRandom): Uint8Array[] {
  const cuts = new Set<number>();
  const wanted = random.int(1, Math.min(5, Math.max(1, bytes.byteLength - 1)));
  while (cuts.size < wanted) cuts.add(random.int(1, Math.max(1, bytes.byteLength - 1)));
  const points = [0, ...[...cuts].sort((a, b) => a - b), bytes.byteLength];
  const pieces: Uint8Array[] = [];
  for (let index = 1; index < points.length; index++) pieces.push(bytes.subarray(points[index - 1], points[index]));
  return pieces;
}
