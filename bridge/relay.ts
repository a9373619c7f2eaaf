import { connect, type Socket } from "node:net";
// Each from its own module, not protocol/index.js: a relaying host process must start fast,
// and loading every command's schema takes it most of a second.
import { AgentResponseSchema, isErrorResponse } from "../protocol/envelope.js";
import { FrameDecoder, encodeJsonFrame } from "../protocol/frame.js";
import { MAX_AGENT_FRAME_BYTES } from "../protocol/constants.js";
import { UPLINK_REQUEST_TYPE, UplinkResultSchema } from "../protocol/uplink.js";

const HANDSHAKE_TIMEOUT_MS = 5_000;

export type RelayOutcome = { kind: "relaying"; ownerPid: number; done: Promise<void> } | { kind: "refused"; reason: string };

/**
 * Hands this process's native port to the bridge that already owns the socket: after the
 * uplink handshake, bytes are piped verbatim in both directions (both links use the same
 * framing), and this process lives exactly as long as both ends do.
 */
export async function relayToOwner(path: string, token: string | null): Promise<RelayOutcome> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const candidate = connect(path);
    candidate.once("connect", () => resolve(candidate));
    candidate.once("error", reject);
  });
  const reply = await handshake(socket, token);
  if (reply.kind === "refused") {
    socket.destroy();
    return reply;
  }
  if (reply.leftover.byteLength > 0) process.stdout.write(reply.leftover);
  process.stdin.pipe(socket);
  socket.pipe(process.stdout);
  const done = new Promise<void>((resolve) => {
    const finish = (): void => {
      socket.destroy();
      resolve();
    };
    socket.once("close", finish);
    process.stdin.once("end", finish);
    process.stdin.once("close", finish);
  });
  return { kind: "relaying", ownerPid: reply.ownerPid, done };
}

type Handshake = { kind: "accepted"; ownerPid: number; leftover: Uint8Array } | { kind: "refused"; reason: string };

function handshake(socket: Socket, token: string | null): Promise<Handshake> {
  return new Promise((resolve) => {
    const decoder = new FrameDecoder(MAX_AGENT_FRAME_BYTES);
    let received = new Uint8Array(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const frames = decoder.push(new Uint8Array(chunk));
      const first = frames[0];
      if (!first) return;
      socket.off("data", onData);
      socket.pause();
      const consumed = 4 + first.byteLength;
      const leftover = received.subarray(consumed);
      if (first.kind !== "json") return resolve({ kind: "refused", reason: first.reason });
      const response = AgentResponseSchema.safeParse(first.value);
      if (!response.success) return resolve({ kind: "refused", reason: "the socket owner did not answer like a WebOperator bridge" });
      if (isErrorResponse(response.data)) return resolve({ kind: "refused", reason: `${response.data.code}: ${response.data.error}` });
      const accepted = UplinkResultSchema.safeParse(response.data.result);
      if (!accepted.success) return resolve({ kind: "refused", reason: "the socket owner sent an unexpected uplink answer" });
      resolve({ kind: "accepted", ownerPid: accepted.data.ownerPid, leftover });
    };
    socket.on("data", onData);
    socket.once("close", () => resolve({ kind: "refused", reason: "the socket owner closed the connection" }));
    // A hung owner must not keep Chrome's port open forever: the extension then never retries.
    setTimeout(
      () => resolve({ kind: "refused", reason: `the socket owner did not answer within ${HANDSHAKE_TIMEOUT_MS} ms` }),
      HANDSHAKE_TIMEOUT_MS,
    ).unref();
    socket.write(encodeJsonFrame({ id: "uplink", type: UPLINK_REQUEST_TYPE, payload: {}, ...(token === null ? {} : { token }) }));
  });
}
