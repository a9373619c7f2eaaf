import { describe, expect, it } from "vitest";
import { splitForChrome } from "../../bridge/messageSplitter.js";
import { ChunkAssembler } from "../../extension/background/chunkAssembler.js";
import {
  BridgeToExtensionMessageSchema,
  MAX_HOST_TO_EXTENSION_BYTES,
  WebOperatorError,
  jsonByteLength,
  type BridgeToExtensionMessage,
} from "../../protocol/index.js";

function request(text: string): BridgeToExtensionMessage {
  return { kind: "request", id: "b1", type: "browser.type", payload: { ref: "sabc_1_1", text }, budgetMs: 1000 };
}

describe("host-to-Chrome splitting", () => {
  it("leaves small messages whole", () => {
    expect(splitForChrome(request("hi"), "b1")).toEqual([request("hi")]);
  });

  it("splits big messages into frames under 1 MB that reassemble exactly, even with escapes", () => {
    const text = '\u0001"é😀'.repeat(300_000);
    const message = request(text);
    const chunks = splitForChrome(message, "b1");
    expect(chunks.length).toBeGreaterThan(1);
    const assembler = new ChunkAssembler();
    let whole: string | null = null;
    for (const chunk of chunks) {
      expect(jsonByteLength(chunk)).toBeLessThanOrEqual(MAX_HOST_TO_EXTENSION_BYTES);
      const parsed = BridgeToExtensionMessageSchema.parse(chunk);
      if (parsed.kind === "chunk") whole = assembler.add(parsed);
    }
    expect(whole).not.toBeNull();
    expect(JSON.parse(whole ?? "null")).toEqual(message);
  });

  it("refuses messages beyond the split limit explicitly", () => {
    expect(() => splitForChrome(request("x".repeat(40 * 1024 * 1024)), "b1")).toThrow(WebOperatorError);
  });

  it("never cuts a surrogate pair between chunks", () => {
    // Emoji only: every second UTF-16 unit is a low surrogate, so a blind cut would split one.
    const chunks = splitForChrome(request("😀".repeat(400_000)), "b1");
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      if (chunk.kind !== "chunk") throw new Error("expected chunks");
      const first = chunk.data.charCodeAt(0);
      const last = chunk.data.charCodeAt(chunk.data.length - 1);
      expect(first >= 0xdc00 && first <= 0xdfff).toBe(false);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });
});
