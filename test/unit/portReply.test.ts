import { describe, expect, it } from "vitest";
import { postReply } from "../../extension/content/portReply.js";
import { ContentPortReplySchema, ContentReplySchema } from "../../protocol/index.js";

/** A port that copies as Chrome does (structured clone), and may be closed. */
function fakePort(closed = false): { sent: unknown[]; postMessage: (message: unknown) => void } {
  const sent: unknown[] = [];
  return {
    sent,
    postMessage(message: unknown): void {
      if (closed) throw new Error("Attempting to use a disconnected port object");
      sent.push(structuredClone(message));
    },
  };
}

describe("a content op's reply over its port", () => {
  it("goes as it is when it can be copied", () => {
    const port = fakePort();
    postReply(port, { id: 3, reply: { ok: true, result: { ref: "a_1" } } }, { op: "click" });
    expect(port.sent).toEqual([{ id: 3, reply: { ok: true, result: { ref: "a_1" } } }]);
  });

  it("answers internal_error, under the same id, for a result that cannot be copied", () => {
    const port = fakePort();
    postReply(port, { id: 7, reply: { ok: true, result: { run: () => 1 } } }, { op: "snapshot" });
    expect(port.sent).toHaveLength(1);
    const sent = ContentPortReplySchema.parse(port.sent[0]);
    expect(sent.id).toBe(7);
    const reply = ContentReplySchema.parse(sent.reply);
    expect(reply).toMatchObject({ ok: false, code: "internal_error" });
    expect(reply.ok ? "" : reply.error).toContain("snapshot answer could not be sent");
  });

  it("gives up quietly on a closed port", () => {
    expect(() => postReply(fakePort(true), { id: 1, reply: { ok: true, result: null } }, { op: "ping" })).not.toThrow();
  });
});
