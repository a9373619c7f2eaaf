import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { AddressInfo } from "node:net";
import { contentType } from "mime-types";
import { projectRoot } from "../../bridge/install/projectLayout.js";

// From the project root, not this file: benches run this server compiled, from dist/node/test/helpers/.
const FIXTURES = join(projectRoot(), "test", "fixtures");
const HTML_TYPE = "text/html; charset=utf-8";

export interface FixtureServer {
  origin: string;
  url(path: string): string;
  /** Every request the server has received so far, as `host` header + path and query, oldest first. */
  readonly requested: readonly string[];
  /** Serves files of `directory` (built by the test) under /`prefix`/, beside the fixtures. */
  serveDirectory(prefix: string, directory: string): void;
  close(): Promise<void>;
}

/** Serves test/fixtures on 127.0.0.1, plus /page?html=... for one-off pages, /attachment?name=F (a download), /slow?ms=N, /long-read?paragraphs=N, /stall (never answers) and /endless (a body that never ends). */
export async function startFixtureServer(): Promise<FixtureServer> {
  const mounts = new Map<string, string>();
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    requested.push(`${request.headers.host ?? ""}${request.url ?? ""}`);
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/slow") {
      const delay = Number(url.searchParams.get("ms") ?? "2000");
      setTimeout(() => response.writeHead(200, { "content-type": HTML_TYPE }).end("<title>Slow</title><p>finally</p>"), delay);
      return;
    }
    // Never answers: a stalled image, script, stylesheet or frame. Held open until the server closes.
    if (url.pathname === "/stall") return;
    // An HTML document whose body keeps coming: the part sent is parsed, DOMContentLoaded never fires.
    if (url.pathname === "/endless") {
      response.writeHead(200, { "content-type": HTML_TYPE });
      response.write(
        `<!doctype html><title>Endless</title><h1>Endless page</h1><button onclick="this.textContent='Clicked'">Press me</button><p>The first part arrived.</p>${" ".repeat(2048)}`,
      );
      return;
    }
    if (url.pathname === "/long-read") {
      const paragraphs = Number(url.searchParams.get("paragraphs") ?? "50");
      const body = Array.from({ length: paragraphs }, (_, n) => `<p>Paragraph ${n} ${"lorem ipsum ".repeat(40)}</p>`).join("");
      response.writeHead(200, { "content-type": HTML_TYPE });
      response.end(`<title>Long read</title><h1>Long read</h1>${body}<p style="display:none">hidden words</p>`);
      return;
    }
    if (url.pathname === "/redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
      return;
    }
    // A file the browser saves instead of showing: navigating to it starts a download.
    if (url.pathname === "/attachment") {
      const name = url.searchParams.get("name") ?? "attachment.txt";
      response.writeHead(200, { "content-type": "text/plain", "content-disposition": `attachment; filename="${name.replace(/"/g, "")}"` });
      response.end("WebOperator attachment fixture\n");
      return;
    }
    if (url.pathname === "/page") {
      response.writeHead(200, { "content-type": HTML_TYPE });
      response.end(url.searchParams.get("html") ?? "");
      return;
    }
    let relative = normalize(url.pathname).replace(/^\/+/, "") || "index.html";
    if (relative.startsWith("..")) {
      response.writeHead(403).end();
      return;
    }
    const [first = "", ...rest] = relative.split("/");
    const root = mounts.get(first) ?? FIXTURES;
    if (mounts.has(first)) relative = rest.join("/");
    readFile(join(root, relative))
      .then((body) => {
        response.writeHead(200, { "content-type": contentType(extname(relative)) || "application/octet-stream" });
        response.end(body);
      })
      .catch(() => response.writeHead(404, { "content-type": "text/plain" }).end("not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    requested,
    url: (path) => `${origin}${path.startsWith("/") ? "" : "/"}${path}`,
    serveDirectory: (prefix, directory) => {
      mounts.set(prefix, directory);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function inlinePage(server: FixtureServer, html: string): string {
  return server.url(`/page?html=${encodeURIComponent(html)}`);
}
