import browser from "webextension-polyfill";
import { createDocumentNonce } from "./documentNonce.js";
import { handleContentMessage } from "./messageRouter.js";
import { listenForDialogSignals } from "./dialogSignal.js";
import { RefRegistry } from "./refs/refRegistry.js";
import { SnapshotCache } from "./snapshot/snapshotCache.js";
import { CONTENT_PORT_NAME, contentPortRequestSchema, contentRequestSchema, type ContentOp } from "../../protocol/contentMessages.js";
import { postReply } from "./portReply.js";
import { takeHeldSends } from "./formSendHold.js";
import { HopRecorder } from "../../protocol/hopTrace.js";

/** The ops an agent's first calls on a new document use. */
const FIRST_OPS: readonly ContentOp[] = ["prepare_snapshot", "snapshot", "ping"];

/**
 * The service worker may inject this file again (chrome.scripting.executeScript) into a
 * document that already runs it. Both runs share this isolated world's global object;
 * the second must not add a listener with its own nonce and ref registry. The marker
 * is a registry symbol (a fresh Symbol() would differ per run) defined non-enumerable.
 */
const INSTALLED = Symbol.for("wo\u2060.content.installed");

function claimDocument(): boolean {
  if (Object.getOwnPropertyDescriptor(globalThis, INSTALLED) !== undefined) return false;
  Object.defineProperty(globalThis, INSTALLED, { value: true, enumerable: false, writable: false, configurable: false });
  return true;
}

if (claimDocument()) {
  const runtime = { registry: new RefRegistry(createDocumentNonce()), snapshots: new SnapshotCache() };
  listenForDialogSignals();
  browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
    // Only the extension itself (its service worker) drives the page.
    if (sender.id !== browser.runtime.id) return undefined;
    return handleContentMessage(message, runtime);
  });
  // The service worker's usual way in: one port per document, requests paired with replies by id.
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== CONTENT_PORT_NAME || port.sender?.id !== chrome.runtime.id) return;
    // An agent drives this tab (only then does the worker connect): its first call is the
    // snapshot a navigate prepares, its next the agent's own snapshot. Their schemas are built
    // here, before the port's first message: built in a later task, the build ran right after
    // the prepared snapshot's reply, just as the agent's snapshot arrived, and delayed it by
    // 2-4 ms. A tab no agent talks to never builds them.
    contentPortRequestSchema();
    for (const op of FIRST_OPS) contentRequestSchema(op);
    port.onMessage.addListener((message: unknown) => {
      const receivedAt = performance.now();
      const envelope = contentPortRequestSchema().safeParse(message);
      if (!envelope.success) return;
      const { id, request, traceHops } = envelope.data;
      const hops = traceHops === true ? new HopRecorder(receivedAt) : undefined;
      void handleContentMessage(request, runtime, hops).then((reply) => {
        // What the send hold cancelled since the last reply rides on this one (formSendHold.ts).
        const held = takeHeldSends();
        postReply(port, { id, reply, ...(hops === undefined ? {} : { hops: hops.hops }), ...(held.length > 0 ? { held } : {}) }, request);
      });
    });
  });
}
