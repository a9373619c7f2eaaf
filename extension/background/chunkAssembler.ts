import type { Chunk } from "../../protocol/index.js";

const MAX_OPEN_MESSAGES = 8;

/** Joins the slices of a message the bridge had to split for Chrome's 1 MB limit. */
export class ChunkAssembler {
  private readonly open = new Map<string, string[]>();

  /** Returns the whole JSON text once the last slice arrives, else null. */
  add(chunk: Chunk): string | null {
    let parts = this.open.get(chunk.messageId);
    if (!parts) {
      if (this.open.size >= MAX_OPEN_MESSAGES) {
        const oldest = this.open.keys().next();
        if (!oldest.done) this.open.delete(oldest.value);
      }
      parts = new Array<string>(chunk.count);
      this.open.set(chunk.messageId, parts);
    }
    if (chunk.index >= parts.length) return null;
    parts[chunk.index] = chunk.data;
    for (let index = 0; index < parts.length; index++) if (parts[index] === undefined) return null;
    this.open.delete(chunk.messageId);
    return parts.join("");
  }
}
