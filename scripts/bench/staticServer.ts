import { createServer, type Server } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";
import { mimeTypeFor } from "../../bridge/upload/mimeTypes.js";

export interface StaticServer {
  origin: string;
  close(): void;
}

/**
 * Serves files under root from 127.0.0.1, plus any extra in-memory pages by path, with
 * `headers` on every answer. Reads each file per request: nothing is copied anywhere.
 */
export async function serveStatic(
  root: string | null,
  pages: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<StaticServer> {
  const base = root === null ? null : resolve(root);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const inline = pages[pathname];
    if (inline !== undefined) return void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(inline);
    const path = base === null ? null : resolve(join(base, pathname));
    if (base === null || path === null || !path.startsWith(base + sep) || !existsSync(path) || statSync(path).isDirectory()) {
      return void response.writeHead(404).end();
    }
    // The type a web server would send: a stylesheet served as octet-stream is ignored by a standards-mode page.
    response.writeHead(200, { "content-type": path.endsWith(".html") ? "text/html; charset=utf-8" : mimeTypeFor(path) });
    response.end(readFileSync(path));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
