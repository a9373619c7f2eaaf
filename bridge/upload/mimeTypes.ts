import { lookup } from "mime-types";

/** The MIME type a browser would give a file of this name (mime-db's table); octet-stream when unknown. */
export function mimeTypeFor(path: string): string {
  return lookup(path) || "application/octet-stream";
}
