/**
 * Chrome native-messaging framing, used on both the stdio link and the agent socket:
 * a 4-byte little-endian unsigned length, then that many bytes of UTF-8 JSON.
 * Written against Uint8Array so the extension can share it without node:buffer.
 */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });

export const FRAME_HEADER_BYTES = 4;

export function encodeJsonFrame(value: unknown): Uint8Array {
  const body = utf8Encoder.encode(JSON.stringify(value));
  const frame = new Uint8Array(FRAME_HEADER_BYTES + body.byteLength);
  new DataView(frame.buffer).setUint32(0, body.byteLength, true);
  frame.set(body, FRAME_HEADER_BYTES);
  return frame;
}

export function jsonByteLength(value: unknown): number {
  return utf8Encoder.encode(JSON.stringify(value)).byteLength;
}

export type DecodedFrame = { kind: "json"; value: unknown; byteLength: number } | { kind: "invalid"; reason: string; byteLength: number };

/**
 * Thrown when the length prefix itself is unacceptable: the stream position can no
 * longer be trusted, so the caller must drop the connection.
 */
export class FramingLostError extends Error {
  constructor(
    readonly declaredLength: number,
    readonly limit: number,
  ) {
    super(`frame of ${declaredLength} bytes exceeds the ${limit}-byte limit`);
    this.name = "FramingLostError";
  }
}

/**
 * Incremental decoder: feed it chunks in any split, get whole frames out. A frame whose
 * body is not valid UTF-8 JSON is reported as "invalid" but the stream stays in sync.
 */
export class FrameDecoder {
  private pending: Uint8Array = new Uint8Array(0);

  constructor(private maxFrameBytes: number) {}

  setLimit(maxFrameBytes: number): void {
    this.maxFrameBytes = maxFrameBytes;
  }

  get bufferedBytes(): number {
    return this.pending.byteLength;
  }

  push(chunk: Uint8Array): DecodedFrame[] {
    this.append(chunk);
    const frames: DecodedFrame[] = [];
    for (let frame = this.nextFrame(); frame !== null; frame = this.nextFrame()) frames.push(frame);
    return frames;
  }

  append(chunk: Uint8Array): void {
    this.pending = this.pending.byteLength === 0 ? chunk : concatBytes(this.pending, chunk);
  }

  /**
   * One frame at a time, so a caller can change the limit between frames (a connection
   * that just authenticated may send a large frame right behind its first request).
   */
  nextFrame(): DecodedFrame | null {
    if (this.pending.byteLength < FRAME_HEADER_BYTES) return null;
    const length = new DataView(this.pending.buffer, this.pending.byteOffset, FRAME_HEADER_BYTES).getUint32(0, true);
    if (length > this.maxFrameBytes) {
      this.pending = new Uint8Array(0);
      throw new FramingLostError(length, this.maxFrameBytes);
    }
    if (this.pending.byteLength - FRAME_HEADER_BYTES < length) return null;
    const frame = parseFrameBody(this.pending.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + length));
    this.pending = this.pending.slice(FRAME_HEADER_BYTES + length);
    return frame;
  }
}

function parseFrameBody(body: Uint8Array): DecodedFrame {
  let text: string;
  try {
    text = utf8Decoder.decode(body);
  } catch {
    return { kind: "invalid", reason: "frame body is not valid UTF-8", byteLength: body.byteLength };
  }
  try {
    return { kind: "json", value: JSON.parse(text) as unknown, byteLength: body.byteLength };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: "invalid", reason: `frame body is not valid JSON (${detail})`, byteLength: body.byteLength };
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a, 0);
  joined.set(b, a.byteLength);
  return joined;
}
