import { createServer, type Server } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";

export interface CorpusServer {
  origin: string;
  close(): void;
}

const RECEIVED = "<!doctype html><title>Received</title><p>Thanks, we received it.</p>";

/**
 * Serves the form corpus from 127.0.0.1 and answers everything else its forms send (a POST,
 * a search's GET) with a page, as the sites they are modelled on would: a passed send lands
 * somewhere instead of on an error page still loading when the next form opens.
 */
export async function serveFormCorpus(directory: string): Promise<CorpusServer> {
  const root = resolve(directory);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const path = resolve(join(root, pathname));
    const html = { "content-type": "text/html; charset=utf-8" };
    if (request.method === "GET" && path.startsWith(root + sep) && path.endsWith(".html") && existsSync(path) && statSync(path).isFile())
      return void response.writeHead(200, html).end(readFileSync(path));
    // Drain what a form sent before answering it.
    request.resume();
    request.on("end", () => response.writeHead(200, html).end(RECEIVED));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}
