import type { Readable, Writable } from "node:stream";
import { EventEmitter } from "node:events";
import { FrameDecoder, FramingLostError, encodeJsonFrame, type DecodedFrame } from "../protocol/index.js";

/**
 * Framed JSON over any byte stream pair (stdio to Chrome, or a socket). Emits "frame"
 * for each decoded frame (with the performance.now() its last bytes arrived at, for hop
 * traces), "framing-lost" when the length prefix is unusable, and "end".
 */
export class FrameStream extends EventEmitter<{
  frame: [DecodedFrame, number];
  "framing-lost": [FramingLostError];
  end: [];
}> {
  private readonly decoder: FrameDecoder;
  private ended = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    maxFrameBytes: number,
  ) {
    super();
    this.decoder = new FrameDecoder(maxFrameBytes);
    input.on("data", (chunk: Buffer) => this.onData(chunk));
    input.on("end", () => this.finish());
    input.on("close", () => this.finish());
    input.on("error", () => this.finish());
    output.on("error", () => this.finish());
  }

  setFrameLimit(maxFrameBytes: number): void {
    this.decoder.setLimit(maxFrameBytes);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Returns false when the stream is gone and nothing was written. */
  write(value: unknown): boolean {
    if (this.ended || this.output.destroyed || !this.output.writable) return false;
    this.output.write(encodeJsonFrame(value));
    return true;
  }

  private onData(chunk: Buffer): void {
    const receivedAt = performance.now();
    this.decoder.append(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    // Emit each frame before reading the next header: a listener may raise the limit in between.
    for (;;) {
      let frame: DecodedFrame | null;
      try {
        frame = this.decoder.nextFrame();
      } catch (error) {
        if (error instanceof FramingLostError) {
          this.emit("framing-lost", error);
          return;
        }
        throw error;
      }
      if (frame === null) return;
      this.emit("frame", frame, receivedAt);
    }
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit("end");
  }
}
