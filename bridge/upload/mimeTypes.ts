import { extname } from "node:path";

const BY_EXTENSION: Record<string, string> = {
  ".pdf": "application/pdf", ".txt": "text/plain", ".csv": "text/csv", ".json": "application/json",
  ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".svg": "image/svg+xml",
  ".doc": "application/msword", ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel", ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".zip": "application/zip", ".html": "text/html", ".md": "text/markdown", ".xml": "application/xml",
};

export function mimeTypeFor(path: string): string {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? "application/octet-stream";
}
