import { MAX_HOST_TO_EXTENSION_BYTES, MAX_SPLIT_MESSAGE_BYTES, WebOperatorError, jsonByteLength } from "../protocol/index.js";
import type { BridgeToExtensionMessage, Chunk } from "../protocol/index.js";

/** Room left in each 1 MB frame for the chunk envelope itself. */
const CHUNK_ENVELOPE_ALLOWANCE = 1024;

/**
 * Chrome drops the port when a host sends a message over 1 MB. Larger messages travel as
 * ordered chunks of their JSON text; the extension joins and re-validates them. Beyond
 * MAX_SPLIT_MESSAGE_BYTES the message is refused outright.
 */
export function splitForChrome(message: BridgeToExtensionMessage, messageId: string): BridgeToExtensionMessage[] {
  const size = jsonByteLength(message);
  if (size <= MAX_HOST_TO_EXTENSION_BYTES) return [message];
  if (size > MAX_SPLIT_MESSAGE_BYTES) {
    throw new WebOperatorError(
      "payload_too_large",
      `the request is ${size} bytes; the bridge forwards at most ${MAX_SPLIT_MESSAGE_BYTES} bytes to the extension`,
    );
  }
  const text = JSON.stringify(message);
  // JSON-escaping a slice can grow it up to 6x (\uXXXX); size slices so the worst case still fits.
  const sliceChars = Math.floor((MAX_HOST_TO_EXTENSION_BYTES - CHUNK_ENVELOPE_ALLOWANCE) / 6);
  const slices: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + sliceChars);
    // Never cut a surrogate pair: a lone half is not valid UTF-16 and may not survive Chrome's decoding.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    slices.push(text.slice(start, end));
    start = end;
  }
  return slices.map((data, index) => ({ kind: "chunk", messageId, index, count: slices.length, data }) satisfies Chunk);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
