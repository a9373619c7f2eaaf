import { MAX_HOST_TO_EXTENSION_BYTES, MAX_SPLIT_MESSAGE_BYTES, WebOperatorError } from "../protocol/index.js";
import type { BridgeToExtensionMessage, Chunk } from "../protocol/index.js";

/** Room left in each 1 MB frame for the chunk envelope itself. */
const CHUNK_ENVELOPE_ALLOWANCE = 1024;

/**
 * Chrome drops the port when a host sends a message over 1 MB. Larger messages travel as
 * ordered chunks of their JSON text; the extension joins and re-validates them. Beyond
 * MAX_SPLIT_MESSAGE_BYTES the message is refused outright.
 */
export function splitForChrome(message: BridgeToExtensionMessage, messageId: string): BridgeToExtensionMessage[] {
  // A message certainly too big is refused before it is serialised: that costs time in proportion to its size.
  const atLeast = minimumJsonBytes(message);
  if (atLeast > MAX_SPLIT_MESSAGE_BYTES) throw tooLarge(`at least ${atLeast}`);
  // One serialisation, measured without allocating its UTF-8 copy: messages here run to 32 MiB.
  const text = JSON.stringify(message);
  const size = Buffer.byteLength(text, "utf8");
  if (size <= MAX_HOST_TO_EXTENSION_BYTES) return [message];
  if (size > MAX_SPLIT_MESSAGE_BYTES) throw tooLarge(String(size));
  // JSON-escaping a slice can grow it up to 6x (\uXXXX); size slices so the worst case still fits.
  const sliceChars = Math.floor((MAX_HOST_TO_EXTENSION_BYTES - CHUNK_ENVELOPE_ALLOWANCE) / 6);
  const slices: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + sliceChars);
    // Never cut a surrogate pair: a lone half is not valid UTF-16 and may not survive Chrome's decoding.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    slices.push(text.slice(start, end));
    start = end;
  }
  return slices.map((data, index) => ({ kind: "chunk", messageId, index, count: slices.length, data }) satisfies Chunk);
}

function tooLarge(size: string): WebOperatorError {
  return new WebOperatorError(
    "payload_too_large",
    `the request is ${size} bytes; the bridge forwards at most ${MAX_SPLIT_MESSAGE_BYTES} bytes to the extension`,
  );
}

/** A lower bound of the JSON's UTF-8 size, from string lengths alone: one walk over the nodes, not the characters. */
function minimumJsonBytes(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (Array.isArray(value)) return value.reduce((sum: number, item: unknown) => sum + minimumJsonBytes(item), 2);
  if (typeof value === "object" && value !== null) {
    // JSON.stringify drops undefined members, so they add nothing.
    return Object.entries(value).reduce(
      (sum, [key, item]) => (item === undefined ? sum : sum + key.length + 3 + minimumJsonBytes(item)),
      2,
    );
  }
  return 1;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
