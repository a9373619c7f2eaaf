import { connect, type Socket } from "node:net";
import { FrameDecoder } from "../../protocol/index.js";

/** A raw socket to the bridge that writes whatever bytes it is given and decodes what comes back. */
export class FuzzConnection {
  private readonly decoder = new FrameDecoder(64 * 1024 * 1024);
  closed = false;
  readonly done: Promise<void>;

  private constructor(
    readonly socket: Socket,
    onResponse: (value: unknown) => void,
  ) {
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const frame of this.decoder.push(chunk)) if (frame.kind === "json") onResponse(frame.value);
      } catch {
        socket.destroy();
      }
    });
    socket.on("error", () => undefined);
    this.done = new Promise((resolve) =>
      socket.once("close", () => {
        this.closed = true;
        resolve();
      }),
    );
  }

  static open(path: string, onResponse: (value: unknown) => void): Promise<FuzzConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      socket.once("connect", () => resolve(new FuzzConnection(socket, onResponse)));
      socket.once("error", reject);
    });
  }

  write(bytes: Uint8Array): void {
    if (!this.closed) this.socket.write(bytes);
  }

  /** Writes the pieces one event-loop turn apart, so the bridge sees them as separate reads. */
  async writeSplit(pieces: readonly Uint8Array[]): Promise<void> {
    for (const piece of pieces) {
      this.write(piece);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}
