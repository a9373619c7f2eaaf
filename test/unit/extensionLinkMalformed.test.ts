import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { FrameDecoder, PROTOCOL_VERSION, encodeJsonFrame } from "../../protocol/index.js";
import { ExtensionLink } from "../../bridge/extensionLink.js";
import { FrameStream } from "../../bridge/frameStream.js";

/** The bridge's link over two in-memory pipes: what the extension would write, and what it reads. */
function linkedExtension(): { link: ExtensionLink; write: (value: unknown) => void; nextRequestId: () => Promise<string> } {
  const fromExtension = new PassThrough();
  const toExtension = new PassThrough();
  const link = new ExtensionLink();
  link.attach(new FrameStream(fromExtension, toExtension, 1 << 20));
  const decoder = new FrameDecoder(1 << 20);
  const requests: string[] = [];
  const waiting: ((id: string) => void)[] = [];
  toExtension.on("data", (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      const value = frame.kind === "json" ? (frame.value as { kind?: string; id?: string }) : {};
      if (value.kind !== "request" || value.id === undefined) continue;
      const take = waiting.shift();
      if (take === undefined) requests.push(value.id);
      else take(value.id);
    }
  });
  return {
    link,
    write: (value) => fromExtension.write(encodeJsonFrame(value)),
    nextRequestId: () => {
      const ready = requests.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
  };
}

describe("the bridge's link to the extension", () => {
  it("ends a call whose response it cannot read with internal_error at once, instead of waiting out its timeout", async () => {
    const { link, write, nextRequestId } = linkedExtension();
    write({ kind: "hello", extensionVersion: "test", protocolVersion: PROTOCOL_VERSION });
    const answer = link.call({ type: "browser.snapshot", payload: {}, timeoutMs: 600_000 });
    const id = await nextRequestId();
    // A hop name over the schema's 64 characters makes the whole response unreadable.
    write({ kind: "response", id, ok: true, result: {}, hops: [{ hop: "x".repeat(65), ms: 1 }] });
    await expect(answer).rejects.toMatchObject({ code: "internal_error", message: expect.stringMatching(/malformed response/) });
  });

  it("still answers the next call after a malformed one", async () => {
    const { link, write, nextRequestId } = linkedExtension();
    write({ kind: "hello", extensionVersion: "test", protocolVersion: PROTOCOL_VERSION });
    const broken = link.call({ type: "browser.snapshot", payload: {}, timeoutMs: 600_000 });
    write({ kind: "response", id: await nextRequestId(), ok: "yes" });
    await expect(broken).rejects.toMatchObject({ code: "internal_error" });
    const next = link.call({ type: "browser.snapshot", payload: {}, timeoutMs: 600_000 });
    write({ kind: "response", id: await nextRequestId(), ok: true, result: { text: "fine" } });
    await expect(next).resolves.toEqual({ text: "fine" });
  });
});
