import { lstatSync } from "node:fs";

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
  if (!stat.isSocket()) return `${path} is not a socket`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `${path} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0) return `${path} is accessible to other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return null;
}
