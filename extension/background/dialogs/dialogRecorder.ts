import type { DialogRecord } from "../../../protocol/index.js";
import { RECORDER_KEY, armPage } from "../../pageScripts/dialogRecorderPage.js";

interface DisarmResult {
  records: unknown[];
  restored: boolean;
  /** fetch and XMLHttpRequest sends the page started while the write's patch was on. */
  requests: number;
}

/** Main world too: puts the page's own functions back and hands over what the write's patch recorded. */
function disarmWrite(writeKey: string): DisarmResult {
  const page = window as unknown as Record<string, unknown>;
  const state = page[writeKey] as
    | {
        records: unknown[];
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
  if (state === undefined) return { records: [], restored: true, requests: 0 };
  window.alert = state.original.alert;
  window.confirm = state.original.confirm;
  window.prompt = state.original.prompt;
  // A page that installed its own fetch wrapper meanwhile keeps it (it wraps ours, which counts on harmlessly).
  if (window.fetch === state.fetchWrapper) window.fetch = state.original.fetch;
  if (XMLHttpRequest.prototype.send === state.sendWrapper) XMLHttpRequest.prototype.send = state.original.send;
  delete page[writeKey];
  const restored =
    window.alert === state.original.alert && window.confirm === state.original.confirm && window.prompt === state.original.prompt;
  return { records: state.records, restored, requests: state.counter.requests };
}

function drainDialogRecorder(key: string): unknown[] {
  const records = (window as unknown as Record<string, unknown>)[key];
  return Array.isArray(records) ? records.splice(0) : [];
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

/** One round trip before a write: the recorder (again, if a document missed it), its earlier records, and the write's patch. */
export async function armWrite(tabId: number, writeKey: string): Promise<DialogRecord[]> {
  const frames = await chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    world: "MAIN",
    injectImmediately: true,
    func: armPage,
    args: [RECORDER_KEY, writeKey],
  });
  return frames.flatMap((frame) => frame.result?.records ?? []).filter(isDialogRecord);
}

export async function disarmWriteIn(tabId: number, writeKey: string): Promise<chrome.scripting.InjectionResult<DisarmResult>[]> {
  return chrome.scripting.executeScript({
    target: { tabId, allFrames: true },
    world: "MAIN",
    injectImmediately: true,
    func: disarmWrite,
    args: [writeKey],
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
