import { WebOperatorError, type DialogRecord } from "../../../protocol/index.js";
import { RECORDER_KEY, armPage } from "../../pageScripts/dialogRecorderPage.js";

interface DisarmResult {
  records: unknown[];
  restored: boolean;
  /** fetch and XMLHttpRequest sends the page started while the write's patch was on. */
  requests: number;
}

type WriteRecords = { records: unknown[]; requests: number };

/**
 * Main world too: ends the write and hands over what it recorded, taken from the recorder's
 * closure (dialogRecorderPage.ts), never from anything the page can write. A write that
 * borrowed the recorder's functions changed nothing on the page; one that had to patch the page
 * (whose own dialog functions had replaced the recorder's) puts the page's own functions back.
 * Until the dialog functions are back, the patch stays on and the write open in the recorder,
 * so a second call can try again (and hands over what was recorded meanwhile).
 */
function disarmWrite(recorderKey: string, writeKey: string): DisarmResult {
  const page = window as unknown as Record<string, unknown>;
  const hooks = page[recorderKey] as { end?: (writeKey: string, open: boolean) => WriteRecords } | undefined;
  const end = (open: boolean): WriteRecords =>
    typeof hooks?.end === "function" ? hooks.end(writeKey, open) : { records: [], requests: 0 };
  const state = page[writeKey] as
    | {
        original: {
          alert: typeof alert;
          confirm: typeof confirm;
          prompt: typeof prompt;
          fetch: typeof fetch;
          send: XMLHttpRequest["send"];
        };
        counter: { requests: number };
        fetchWrapper: typeof fetch;
        sendWrapper: XMLHttpRequest["send"];
      }
    | undefined;
  // The write borrowed the recorder's functions (armPage): nothing to put back, only its records.
  if (state === undefined) {
    const { records, requests } = end(false);
    return { records, restored: true, requests };
  }
  const names = ["alert", "confirm", "prompt"] as const;
  for (const name of names) {
    if (page[name] === state.original[name]) continue;
    try {
      page[name] = state.original[name];
    } catch {
      // Non-writable now: redefined below if the page left it configurable.
    }
    const descriptor = Object.getOwnPropertyDescriptor(window, name);
    if (page[name] !== state.original[name] && descriptor?.configurable !== false) {
      try {
        Object.defineProperty(window, name, { value: state.original[name], writable: true, configurable: true, enumerable: true });
      } catch {
        // Reported below as not restored.
      }
    }
  }
  // A page that installed its own fetch wrapper meanwhile keeps it (it wraps ours, which counts on harmlessly).
  if (window.fetch === state.fetchWrapper) window.fetch = state.original.fetch;
  if (XMLHttpRequest.prototype.send === state.sendWrapper) XMLHttpRequest.prototype.send = state.original.send;
  const restored = names.every((name) => page[name] === state.original[name]);
  const { records } = end(!restored);
  const requests = state.counter.requests;
  state.counter.requests = 0;
  if (restored) delete page[writeKey];
  return { records, restored, requests };
}

/** The records made outside any write, from the recorder's closure through its frozen take(). */
function drainDialogRecorder(key: string): unknown[] {
  const hooks = (window as unknown as Record<string, { take?: () => unknown[] } | undefined>)[key];
  return typeof hooks?.take === "function" ? hooks.take() : [];
}

/**
 * A tab whose first navigation has not committed (a new tab still waiting for its server,
 * the new-tab page of a browser just started) has no document yet, and executeScript into
 * it never settles. Its document gets the recorder when it commits (onAgentTabCommitted).
 */
async function hasDocument(tabId: number): Promise<boolean> {
  const top = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
  return top !== null && top !== undefined;
}

export async function installRecorder(tabId: number, frameId?: number): Promise<void> {
  if (frameId === undefined && !(await hasDocument(tabId))) return;
  await chrome.scripting
    .executeScript({
      target: frameId === undefined ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] },
      world: "MAIN",
      injectImmediately: true,
      func: armPage,
      args: [RECORDER_KEY, null],
    })
    .catch(() => undefined);
}

/** Dialogs the recorder answered since the last drain, each reported once. */
export async function drainRecordedDialogs(tabId: number): Promise<DialogRecord[]> {
  if (!(await hasDocument(tabId))) return [];
  try {
    const frames = await chrome.scripting.executeScript({
      target: { tabId, allFrames: true },
      world: "MAIN",
      injectImmediately: true,
      func: drainDialogRecorder,
      args: [RECORDER_KEY],
    });
    return frames.flatMap((frame) => (Array.isArray(frame.result) ? frame.result : [])).filter(isDialogRecord);
  } catch {
    return [];
  }
}

/** What arming a write found: the patch is on, or there is no document a patch could go into. */
export type ArmedWrite =
  | { kind: "patched"; earlier: DialogRecord[] }
  /** No committed document yet, or a page Chrome lets no extension script (about:, chrome:, data:, file:). */
  | { kind: "no_document_to_patch" };

/**
 * One round trip before a write: the recorder (again, if a document missed it), its earlier
 * records, and the write's patch, checked in every frame that answered. Throws
 * dialog_patch_failed when an http(s) page could not take it; then no frame keeps it.
 *
 * Which tabs need no patch, deliberately:
 * - a tab whose first navigation has not committed: no page script runs before it commits,
 *   and in an agent tab the document that commits gets the recorder at document_start
 *   (agentDialogs.iife.ts), which answers a dialog the same way;
 * - a top document that is not http(s) (a new tab's about:blank, chrome:// pages, data:,
 *   file:), or Chrome's error page for an http(s) load that failed: Chrome runs no extension
 *   script there, so no patch or recorder can exist; the content-script tools refuse such
 *   pages (unsupported_page) and only CDP input reaches them.
 * An http(s) top document always needs the patch, however the write reaches it (DOM or CDP
 * input, "engine": "cdp-ax" included): the patch goes in through chrome.scripting, not the
 * content script, so a page Chrome will not let us script there (the Web Store) is refused.
 */
export async function armWrite(tabId: number, writeKey: string): Promise<ArmedWrite> {
  const top = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
  if (top === null || top === undefined || !/^https?:/i.test(top.url)) return { kind: "no_document_to_patch" };
  let frames: chrome.scripting.InjectionResult<Awaited<ReturnType<typeof armPage>>>[];
  try {
    frames = await chrome.scripting.executeScript({
      target: { tabId, allFrames: true },
      world: "MAIN",
      injectImmediately: true,
      func: armPage,
      args: [RECORDER_KEY, writeKey],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A failed load's error page keeps the URL it failed on but is Chrome's own document: no page script runs there.
    if (/showing error page/i.test(message)) return { kind: "no_document_to_patch" };
    throw patchFailed(`Chrome refused the injection: ${message}`);
  }
  // A subframe with no answer went away meanwhile (its next document gets the recorder); the top frame must answer.
  const topFrame = frames.find((frame) => frame.frameId === 0);
  const refused = frames.filter((frame) => frame.result !== undefined && frame.result !== null && !frame.result.patched);
  if (topFrame?.result === undefined || topFrame.result === null || refused.length > 0) {
    await disarmWriteIn(tabId, writeKey).catch(() => undefined);
    throw patchFailed(
      topFrame?.result === undefined || topFrame.result === null
        ? "the page's top frame did not answer (it may be navigating)"
        : `the page locked window.alert, confirm or prompt in ${refused.length} frame(s), so they cannot be answered for it`,
    );
  }
  return { kind: "patched", earlier: frames.flatMap((frame) => frame.result?.records ?? []).filter(isDialogRecord) };
}

function patchFailed(why: string): WebOperatorError {
  return new WebOperatorError(
    "dialog_patch_failed",
    `Nothing was dispatched: the write's dialog patch (confirm cancels, prompt answers null, alert closes) could not be installed: ${why}. ` +
      "Reload the page (browser.navigate to its URL) and retry; a page that locks its dialog functions on every load cannot be acted on safely.",
    { stage: "precheck" },
  );
}

export async function disarmWriteIn(tabId: number, writeKey: string): Promise<chrome.scripting.InjectionResult<DisarmResult>[]> {
  return chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    world: "MAIN",
    injectImmediately: true,
    func: disarmWrite,
    args: [RECORDER_KEY, writeKey],
  });
}

export function isDialogRecord(value: unknown): value is DialogRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ["alert", "confirm", "prompt", "beforeunload"].includes(String(record.type)) &&
    typeof record.message === "string" &&
    typeof record.answered === "string"
  );
}
