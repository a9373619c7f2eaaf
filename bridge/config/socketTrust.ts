import { closeSync, fstatSync, lstatSync, openSync, type Stats } from "node:fs";

/**
 * The default socket lives in the shared /tmp: anyone could create that path first. A
 * socket we send the token to (or relay Chrome's port to) must be ours and private.
 * Returns null when the socket can be trusted (or does not exist yet), else why not.
 */
export function untrustedSocketReason(path: string): string | null {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return null;
  }
  return statReason(path, stat);
}

function statReason(path: string, stat: Stats): string | null {
  if (!stat.isSocket()) return `${path} is not a socket`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `${path} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0) return `${path} is accessible to other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return null;
}

/** Linux's O_PATH and O_NOFOLLOW: a handle on the file itself, not its contents, and never through a symlink. */
const O_PATH = 0o10000000;
const O_NOFOLLOW = 0o400000;

export interface CheckedSocket {
  /** Where to connect: the very file that was checked (Linux: /proc/self/fd/N of a handle on it), else the path. */
  connectPath: string;
  /** After the connect: null when the connection reached the checked file, else why it may not have. */
  verifyConnected(): string | null;
  /** Closes the handle; call once the connect settled. */
  release(): void;
}

/**
 * The check and the connect refer to one file: another user who can rename entries in the
 * socket's folder could otherwise swap in their own socket between the two, and receive the
 * token. On Linux the socket is opened with O_PATH and checked with fstat, and the connect
 * goes through /proc/self/fd to that open file, so no later rename changes where it lands.
 * Elsewhere the path is checked before the connect and its inode compared after it: a swap
 * and swap back inside that window is not excluded there (docs/security.md).
 */
export function checkSocket(path: string): CheckedSocket {
  const pinned = openPinned(path);
  if (pinned !== null) {
    let stat: Stats;
    try {
      stat = fstatSync(pinned);
    } catch (error) {
      closeSync(pinned);
      throw error;
    }
    const reason = statReason(path, stat);
    if (reason !== null) {
      closeSync(pinned);
      throw untrusted(reason);
    }
    return { connectPath: `/proc/self/fd/${pinned}`, verifyConnected: () => null, release: () => closeSync(pinned) };
  }
  const before = lstatSync(path);
  const reason = statReason(path, before);
  if (reason !== null) throw untrusted(reason);
  return {
    connectPath: path,
    verifyConnected: () => {
      const after = lstatSync(path, { throwIfNoEntry: false });
      if (after?.ino === before.ino && after.dev === before.dev) return null;
      return `${path} was replaced while connecting`;
    },
    release: () => undefined,
  };
}

/** An O_PATH handle on the socket, or null where the platform has none (then ENOENT and the like surface from lstat). */
function openPinned(path: string): number | null {
  if (process.platform !== "linux") return null;
  try {
    return openSync(path, O_PATH | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A symlink opened with O_NOFOLLOW|O_PATH is the link itself: fstat says it is not a socket.
    if (code === "ENOENT") throw error;
    if (code === "ELOOP") throw untrusted(`${path} is a symbolic link, not a socket`);
    return null;
  }
}

function untrusted(reason: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`refusing to send the token: ${reason}`), { code: "EUNTRUSTED" });
}
