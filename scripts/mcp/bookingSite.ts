import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the booking form sent, as the site's server received it. */
export interface Booking {
  name: string;
  party: string;
}

export interface BookingSite {
  /** The booking page: a name, a party size and Reserve, in a form that posts to /book. */
  url: string;
  bookings: readonly Booking[];
  close(): Promise<void>;
}

const HTML = { "content-type": "text/html; charset=utf-8" };

const BOOKING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Book a table</title></head>
<body><main>
<h1>Book a table</h1>
<form method="post" action="/book">
  <label>Your name <input name="name" required></label>
  <label>Party size <select name="party"><option>1</option><option selected>2</option><option>3</option><option>4</option><option>5</option><option>6</option></select></label>
  <button type="submit">Reserve</button>
</form>
</main></body></html>`;

const bookedPage = (booking: Booking): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Booked</title></head><body><main><h1>Table reserved</h1><p>${escapeHtml(booking.name)}, party of ${escapeHtml(booking.party)}.</p></main></body></html>`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The small booking site of issue 31's form task, on 127.0.0.1: the page, and a server that
 * records what Reserve sent, so a test or a benchmark knows the booking arrived.
 */
export async function startBookingSite(): Promise<BookingSite> {
  const bookings: Booking[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/" || path === "/booking") return void response.writeHead(200, HTML).end(BOOKING_PAGE);
    if (path !== "/book" || request.method !== "POST") return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const booking = { name: form.get("name") ?? "", party: form.get("party") ?? "" };
      bookings.push(booking);
      response.writeHead(200, HTML).end(bookedPage(booking));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/booking`,
    bookings,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connections would hold the close for minutes.
        server.closeAllConnections();
      }),
  };
}
