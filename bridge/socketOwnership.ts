import { connect } from "node:net";
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import type { Server } from "node:net";
import { untrustedSocketReason } from "./config/socketTrust.js";

export type SocketClaim = { kind: "owned" } | { kind: "live-elsewhere" } | { kind: "untrusted"; reason: string };

/**
 * Listens on the socket path with mode 0600. A leftover file nobody answers on is
 * removed; a socket another process is serving is never taken over.
 */
export async function claimSocket(server: Server, path: string): Promise<SocketClaim> {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await tryListen(server, path);
    if (outcome === "listening") {
      chmodSync(path, 0o600);
      return { kind: "owned" };
    }
    if (await isAnswering(path)) {
      const reason = untrustedSocketReason(path);
      return reason === null ? { kind: "live-elsewhere" } : { kind: "untrusted", reason };
    }
    removeStaleSocket(path);
  }
  throw new Error(`could not listen on ${path} even after removing a stale socket file`);
}

function tryListen(server: Server, path: string): Promise<"listening" | "in-use"> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") resolve("in-use");
      else reject(error);
    };
    const onListening = (): void => {
      server.off("error", onError);
      resolve("listening");
    };
    server.once("error", onError);
    server.once("listening", onListening);
    // The umask makes the socket 0600 from the first instant; chmod afterwards only confirms it.
    const previousUmask = process.umask(0o177);
    try {
      server.listen(path);
    } finally {
      process.umask(previousUmask);
    }
  });
}

export function isAnswering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    const timer = setTimeout(() => {
      probe.destroy();
      resolve(true);
    }, 1000);
    probe.once("connect", () => {
      clearTimeout(timer);
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

function removeStaleSocket(path: string): void {
  try {
    const stat = lstatSync(path);
    if (!stat.isSocket()) throw new Error(`${path} exists and is not a socket; refusing to remove it`);
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

export function releaseSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch {
    // Already gone.
  }
}
