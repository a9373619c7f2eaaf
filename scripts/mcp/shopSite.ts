import { randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PRODUCTS, cartPage, homePage, productPage, searchPage, shopAllPage, type CartLine } from "./shopPages.js";
import { SIGNUP_STEPS, signupReviewPage, signupStepPage, signupWelcomePage, type SignupDraft, type SignupStep } from "./signupPages.js";
import { HELP_ARTICLES, contactPage, contactSentPage, helpArticlePage, helpCenterPage } from "./supportPages.js";

export interface Account extends SignupDraft {
  terms: boolean;
  code: string;
}

export interface ContactMessage {
  topic: string;
  email: string;
  order: string;
  message: string;
  ticket: string;
}

/** What the site's server saw, by visitor (a `sid` cookie): the state a task's check reads. */
export interface ShopState {
  carts: Map<string, Map<string, number>>;
  accounts: Account[];
  messages: ContactMessage[];
  /** Every page a visitor was served, as `GET /path`. */
  pagesServed: string[];
}

export interface ShopSite {
  /** The home page. */
  url: string;
  state: ShopState;
  close(): Promise<void>;
}

const HTML = { "content-type": "text/html; charset=utf-8" };

interface Visit {
  session: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  wantsJson: boolean;
}

/**
 * The bench's own store on 127.0.0.1 (Northwind Outfitters): a shop with search, product
 * pages and a cart, a three-step sign-up wizard, a help center and a contact form. Every
 * write lands in `state`, keyed by the visitor's cookie, so a benchmark can check that a
 * task really happened rather than trusting the agent's word.
 */
export async function startShopSite(): Promise<ShopSite> {
  const state: ShopState = { carts: new Map(), accounts: [], messages: [], pagesServed: [] };
  const drafts = new Map<string, SignupDraft>();
  const cartOf = (session: string): Map<string, number> => state.carts.get(session) ?? new Map<string, number>();
  const countOf = (session: string): number => [...cartOf(session).values()].reduce((sum, quantity) => sum + quantity, 0);

  function get(visit: Visit): string | undefined {
    const count = countOf(visit.session);
    const [, section, item] = visit.path.split("/");
    if (visit.path === "/") return homePage(count);
    if (visit.path === "/shop") return shopAllPage(count);
    if (visit.path === "/search") return searchPage(visit.query.get("q") ?? "", count);
    if (section === "product") {
      const product = PRODUCTS.find((candidate) => candidate.slug === item);
      return product && productPage(product, count);
    }
    if (visit.path === "/cart") {
      const lines: CartLine[] = [...cartOf(visit.session)].flatMap(([slug, quantity]) => {
        const product = PRODUCTS.find((candidate) => candidate.slug === slug);
        return product ? [{ product, quantity }] : [];
      });
      return cartPage(lines, count);
    }
    if (visit.path === "/help") return helpCenterPage(count);
    if (section === "help") {
      const article = HELP_ARTICLES.find((candidate) => candidate.slug === item);
      return article && helpArticlePage(article, count);
    }
    if (visit.path === "/contact") return contactPage(count);
    if (visit.path === "/contact/sent") {
      const ticket = state.messages.at(-1)?.ticket ?? "";
      return contactSentPage(ticket, count);
    }
    if (section === "signup" && SIGNUP_STEPS.includes(item as SignupStep)) return signupStepPage(item as SignupStep, count);
    if (visit.path === "/signup/review") return signupReviewPage(drafts.get(visit.session) ?? {}, count);
    if (visit.path === "/signup/welcome") return signupWelcomePage(state.accounts.at(-1)?.code ?? "", count);
    return undefined;
  }

  /** A POST's answer: where to send the browser next (303), a JSON body, or an error status. */
  function post(visit: Visit): { redirect: string } | { json: unknown } | { status: number } {
    const { form, session } = visit;
    if (visit.path === "/cart/add") {
      const slug = form.get("product") ?? "";
      const quantity = Number(form.get("quantity") ?? "1");
      if (!PRODUCTS.some((product) => product.slug === slug) || !Number.isInteger(quantity) || quantity < 1) return { status: 400 };
      const cart = cartOf(session);
      cart.set(slug, (cart.get(slug) ?? 0) + quantity);
      state.carts.set(session, cart);
      return visit.wantsJson ? { json: { count: countOf(session) } } : { redirect: "/cart" };
    }
    const step = SIGNUP_STEPS.indexOf(visit.path.slice("/signup/".length) as SignupStep);
    if (visit.path.startsWith("/signup/") && step >= 0) {
      const draft = drafts.get(session) ?? {};
      for (const key of ["name", "email", "plan", "company", "teamSize"] as const) if (form.has(key)) draft[key] = form.get(key) ?? "";
      if (SIGNUP_STEPS[step] === "plan") draft.news = form.get("news") === "on";
      drafts.set(session, draft);
      return { redirect: step + 1 < SIGNUP_STEPS.length ? `/signup/${SIGNUP_STEPS[step + 1]}` : "/signup/review" };
    }
    if (visit.path === "/signup/create") {
      if (form.get("terms") !== "on") return { status: 400 };
      state.accounts.push({ ...drafts.get(session), terms: true, code: `NW-${randomInt(100_000, 1_000_000)}` });
      drafts.delete(session);
      return { redirect: "/signup/welcome" };
    }
    if (visit.path === "/contact") {
      const field = (name: string): string => form.get(name) ?? "";
      const ticket = `T-${randomInt(10_000, 100_000)}`;
      state.messages.push({ topic: field("topic"), email: field("email"), order: field("order"), message: field("message"), ticket });
      return { redirect: "/contact/sent" };
    }
    return { status: 404 };
  }

  const server: Server = createServer((request, response) => {
    void readVisit(request).then((visit) => {
      const cookie = `sid=${visit.session}; Path=/; HttpOnly; SameSite=Lax`;
      if (request.method === "POST") {
        const answer = post(visit);
        if ("redirect" in answer) return void response.writeHead(303, { location: answer.redirect, "set-cookie": cookie }).end();
        if ("json" in answer)
          return void response
            .writeHead(200, { "content-type": "application/json", "set-cookie": cookie })
            .end(JSON.stringify(answer.json));
        return void response.writeHead(answer.status, HTML).end(`<!doctype html><title>Error</title><h1>Error ${answer.status}</h1>`);
      }
      const page = get(visit);
      if (page === undefined) return void response.writeHead(404, HTML).end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      state.pagesServed.push(`GET ${visit.path}`);
      response.writeHead(200, { ...HTML, "set-cookie": cookie }).end(page);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    state,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connections would hold the close for minutes.
        server.closeAllConnections();
      }),
  };
}

async function readVisit(request: IncomingMessage): Promise<Visit> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const session = /(?:^|;\s*)sid=([\w-]+)/.exec(request.headers.cookie ?? "")?.[1] ?? randomUUID();
  return {
    session,
    path: url.pathname,
    query: url.searchParams,
    form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
    wantsJson: request.headers.accept?.includes("application/json") === true,
  };
}
