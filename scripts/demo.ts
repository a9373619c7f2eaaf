/**
 * `npm run demo`: a guided run of the whole chain (launch → bridge → extension → page)
 * against a local page, printing each step with its timing. Exits non-zero on the first
 * failing step so it doubles as a smoke test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfirmationAnsweredEventSchema, WebOperatorError, type ConfirmationRequest } from "../protocol/index.js";
import { WebOperatorClient } from "../agent-client/client.js";
import { launchWebOperator, type LaunchedWebOperator } from "../agent-client/launch/launchWebOperator.js";

/** dist/node/scripts/demo.js → scripts/demo-site in the source tree. */
const SITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "scripts", "demo-site");
const SCREENSHOT_FILE = resolve("weboperator-demo.png");
const NAME_TO_TYPE = "Ada Lovelace";
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

function serveDemoSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const file = resolve(SITE_DIR, `.${pathname === "/" ? "/index.html" : pathname}`);
    const type = CONTENT_TYPES[extname(file)];
    if (!file.startsWith(SITE_DIR + sep) || type === undefined) {
      response.writeHead(404).end("not found");
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((resolvePromise, rejectPromise) => {
    server.once("error", rejectPromise);
    server.listen(0, "127.0.0.1", () => resolvePromise(server));
  });
}

/** Finds `- role "name" ... [ref=REF]` in snapshot text; the demo page is ours, so the names are known. */
function findRef(snapshotText: string, role: string, name: string): string {
  for (const line of snapshotText.split("\n")) {
    const match = /^\s*-\s+(\S+)\s+"((?:[^"\\]|\\.)*)".*?\[ref=([^\]\s]+)\]/.exec(line);
    if (match && match[1] === role && match[3] !== undefined && JSON.parse(`"${match[2]}"`) === name) return match[3];
  }
  throw new WebOperatorError("invalid_ref", `no ${role} named "${name}" in the snapshot`);
}

interface DemoResources {
  server?: Server;
  launched?: LaunchedWebOperator;
  client?: WebOperatorClient;
}

class StepFailure extends Error {
  constructor(
    readonly step: string,
    readonly failure: unknown,
  ) {
    super(step);
  }
}

async function step<T>(label: string, action: () => Promise<T>, summary: (value: T) => string): Promise<T> {
  const started = performance.now();
  try {
    const value = await action();
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`✓ ${label.padEnd(11)} ${`${ms} ms`.padStart(8)}  ${summary(value)}\n`);
    return value;
  } catch (error) {
    throw new StepFailure(label, error);
  }
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/** The click handler writes the message synchronously, but give the page a moment all the same. */
async function extractUntil(client: WebOperatorClient, needle: string): Promise<string> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const { text } = await client.request("browser.extract", {});
    const line = text.split("\n").find((candidate) => candidate.includes(needle));
    if (line !== undefined) return line.trim();
    if (Date.now() > deadline) throw new WebOperatorError("timeout", `the page never showed "${needle}"; it shows:\n${indent(text)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The click must be held: a demo whose sign-up ran unasked would show a gatekeeper that is not there. */
async function heldForConfirmation(click: Promise<unknown>): Promise<ConfirmationRequest> {
  try {
    await click;
  } catch (error) {
    if (error instanceof WebOperatorError && error.code === "confirmation_required" && error.confirmation !== undefined)
      return error.confirmation;
    throw error;
  }
  throw new WebOperatorError("internal_error", "the sign-up click ran without asking for confirmation");
}

/**
 * Headless, nobody is at the side panel and the policy lets the agent's socket answer, so the
 * demo answers for the user. With a display the user's setting is "user": Allow it in the panel.
 */
async function answerAsUser(client: WebOperatorClient, held: ConfirmationRequest): Promise<string> {
  const answered = new Promise<string>((resolve, reject) => {
    const stop = client.onEvent((event) => {
      const parsed = ConfirmationAnsweredEventSchema.safeParse(event);
      if (!parsed.success || parsed.data.id !== held.id) return;
      stop();
      if (parsed.data.allowed && parsed.data.error === undefined) resolve("allowed in the side panel, click replayed");
      else reject(new WebOperatorError("policy_denied", parsed.data.error?.message ?? "the user denied the sign-up in the side panel"));
    });
  });
  try {
    await client.request("browser.confirm", { id: held.id, allow: true });
    answered.catch(() => undefined);
    return "answered with browser.confirm, click replayed";
  } catch (error) {
    if (!(error instanceof WebOperatorError && error.code === "policy_denied")) throw error;
    process.stdout.write(`    waiting for you: open the WebOperator side panel (toolbar icon) and Allow ${held.id}\n`);
    return answered;
  }
}

/** Records what it starts in `resources` as it goes, so the caller can stop exactly that. */
async function runDemo(launchRoot: string, resources: DemoResources): Promise<void> {
  const server = await serveDemoSite();
  resources.server = server;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  process.stdout.write(`demo site: ${url}\n`);

  const launched = await step(
    "launch",
    () =>
      launchWebOperator({
        headless: !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY,
        userDataDir: join(launchRoot, "profile"),
        socket: join(launchRoot, "bridge.sock"),
        configDir: join(launchRoot, "config"),
      }),
    (value) => `browser pid ${value.pid}, socket ${value.socket}`,
  );
  resources.launched = launched;
  const client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
  resources.client = client;

  await step(
    "health",
    () => client.request("bridge.health", {}),
    (health) => `bridge ${health.bridge.version}, extension ${health.extension.connected ? "connected" : "NOT connected"}`,
  );
  await step(
    "navigate",
    () => client.request("browser.navigate", { url }),
    (nav) => `"${nav.title}" in tab ${nav.tabId}`,
  );
  const snapshot = await step(
    "snapshot",
    () => client.request("browser.snapshot", {}),
    (snap) => `${snap.refCount} refs, ${snap.text.length} chars`,
  );
  process.stdout.write(`${indent(snapshot.text)}\n`);

  const textbox = findRef(snapshot.text, "textbox", "Name");
  const button = findRef(snapshot.text, "button", "Sign up");
  await step(
    "type",
    () => client.request("browser.type", { ref: textbox, text: NAME_TO_TYPE }),
    (typed) => `${typed.target.role} "${typed.target.name}" = "${typed.value}"`,
  );
  // Signing up sends a form, so the gatekeeper holds the click for the person's OK: the demo shows that too.
  const held = await step(
    "click",
    () => heldForConfirmation(client.request("browser.click", { ref: button })),
    (confirmation) =>
      `held by the gatekeeper: ${confirmation.category} on ${confirmation.target?.role ?? "?"} "${confirmation.target?.name ?? ""}" (${confirmation.id})`,
  );
  await step(
    "confirm",
    () => answerAsUser(client, held),
    (how) => how,
  );
  await step(
    "extract",
    () => extractUntil(client, `Thanks, ${NAME_TO_TYPE}!`),
    (line) => line,
  );
  await step(
    "screenshot",
    async () => {
      const shot = await client.request("browser.screenshot", {});
      const bytes = Buffer.from(shot.data, "base64");
      writeFileSync(SCREENSHOT_FILE, bytes);
      return { bytes: bytes.byteLength, width: shot.width, height: shot.height };
    },
    (shot) => `${SCREENSHOT_FILE} (${shot.bytes} bytes, ${shot.width}x${shot.height})`,
  );
}

function describeFailure(error: unknown): string {
  const inner = error instanceof StepFailure ? error.failure : error;
  const where = error instanceof StepFailure ? `${error.step} failed` : "demo failed";
  if (inner instanceof WebOperatorError) return `✗ ${where}: [${inner.code}] ${inner.message}`;
  return `✗ ${where}: ${inner instanceof Error ? inner.message : String(inner)}`;
}

async function main(): Promise<number> {
  const launchRoot = mkdtempSync(join(tmpdir(), "weboperator-demo-"));
  const resources: DemoResources = {};
  let cleaned: Promise<void> | undefined;
  const cleanUp = (): Promise<void> =>
    (cleaned ??= (async () => {
      resources.client?.close();
      await resources.launched?.close();
      resources.server?.closeAllConnections();
      await new Promise<void>((done) => (resources.server ? resources.server.close(() => done()) : done()));
      rmSync(launchRoot, { recursive: true, force: true, maxRetries: 3 });
    })());
  process.once("SIGINT", () => {
    process.stderr.write("\ninterrupted; cleaning up\n");
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    await runDemo(launchRoot, resources);
    process.stdout.write("demo finished: every step passed\n");
    return 0;
  } catch (error) {
    process.stderr.write(`${describeFailure(error)}\n`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
