import { describe, expect, it } from "vitest";
import { FrameDecoder, FramingLostError, encodeJsonFrame } from "../../protocol/frame.js";

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

describe("frame codec", () => {
  it("writes a 4-byte little-endian length then UTF-8 JSON", () => {
    const frame = encodeJsonFrame({ a: "é" });
    const body = new TextEncoder().encode('{"a":"é"}');
    expect(new DataView(frame.buffer).getUint32(0, true)).toBe(body.byteLength);
    expect(frame.subarray(4)).toEqual(body);
  });

  it("counts bytes, not characters, for non-ASCII text", () => {
    const value = { text: "日本語 ✓ 😀" };
    const frame = encodeJsonFrame(value);
    const declared = new DataView(frame.buffer).getUint32(0, true);
    expect(declared).toBe(frame.byteLength - 4);
    expect(declared).toBeGreaterThan(JSON.stringify(value).length);
    expect(new FrameDecoder(1024).push(frame)).toEqual([{ kind: "json", value, byteLength: declared }]);
  });

  it("reassembles a frame split at every byte boundary", () => {
    const frame = encodeJsonFrame({ id: "r1", type: "browser.snapshot", payload: { tabId: 3 } });
    for (let cut = 1; cut < frame.byteLength; cut++) {
      const decoder = new FrameDecoder(1024);
      expect(decoder.push(frame.subarray(0, cut))).toEqual([]);
      const frames = decoder.push(frame.subarray(cut));
      expect(frames).toHaveLength(1);
      expect(frames[0]).toMatchObject({ kind: "json", value: { id: "r1" } });
    }
  });

  it("splits merged frames, including a trailing partial one", () => {
    const a = encodeJsonFrame({ n: 1 });
    const b = encodeJsonFrame({ n: 2 });
    const c = encodeJsonFrame({ n: 3 });
    const decoder = new FrameDecoder(1024);
    const first = decoder.push(concat(a, b, c.subarray(0, 5)));
    expect(first.map((f) => (f.kind === "json" ? f.value : null))).toEqual([{ n: 1 }, { n: 2 }]);
    expect(decoder.push(c.subarray(5))).toMatchObject([{ kind: "json", value: { n: 3 } }]);
  });

  it("reports bad JSON and bad UTF-8 without losing sync", () => {
    const badJson = new TextEncoder().encode("{nope");
    const badUtf8 = new Uint8Array([0xff, 0xfe]);
    const header = (n: number): Uint8Array => {
      const h = new Uint8Array(4);
      new DataView(h.buffer).setUint32(0, n, true);
      return h;
    };
    const decoder = new FrameDecoder(1024);
    const frames = decoder.push(concat(header(badJson.byteLength), badJson, header(2), badUtf8, encodeJsonFrame({ ok: true })));
    expect(frames.map((f) => f.kind)).toEqual(["invalid", "invalid", "json"]);
    expect(frames[1]).toMatchObject({ reason: expect.stringContaining("UTF-8") });
  });

  it("refuses an oversize length before buffering the body", () => {
    const decoder = new FrameDecoder(100);
    const header = new Uint8Array(4);
    new DataView(header.buffer).setUint32(0, 101, true);
    expect(() => decoder.push(header)).toThrow(FramingLostError);
    expect(decoder.bufferedBytes).toBe(0);
  });

  it("accepts a frame of exactly the limit", () => {
    const frame = encodeJsonFrame("x".repeat(98));
    expect(frame.byteLength - 4).toBe(100);
    expect(new FrameDecoder(100).push(frame)).toHaveLength(1);
  });
});
