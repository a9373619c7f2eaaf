import type { DialogRecord } from "../../../protocol/index.js";

const RECORDER_KEY = "__weboperatorDialogRecorder";

/**
 * Main world, in agent tabs only: a dialog the page raises outside an action (a timer's
 * alert) is answered at once and recorded instead of freezing the page, and beforeunload
 * prompts are not registered, so leaving the page never waits for a person who is not
 * there. A write's own patch sits on top of this one for the duration of that write.
 */
function installDialogRecorder(key: string): void {
  const page = window as unknown as Record<string, unknown>;
  if (page[key] !== undefined) return;
  const records: Array<{ type: string; message: string; answered: string }> = [];
  Object.defineProperty(window, key, { value: records, configurable: false, enumerable: false });
  const keep = (type: string, message: unknown, answered: string): void => {
    if (records.length < 50) records.push({ type, message: String(message ?? "").slice(0, 1000), answered });
  };
  window.alert = (message?: unknown): void => keep("alert", message, "closed");
  window.confirm = (message?: unknown): boolean => {
    keep("confirm", message, "cancel");
    return false;
  };
  window.prompt = (message?: unknown): null => {
    keep("prompt", message, "null");
    return null;
  };
  const addListener = EventTarget.prototype.addEventListener;
  // Handlers the page added before this ran ask for the "Leave site?" prompt through the
  // event itself: make those requests no-ops, and record that the page asked.
  const leaving = BeforeUnloadEvent.prototype;
  Object.defineProperty(leaving, "preventDefault", {
    configurable: true,
    value: () => keep("beforeunload", "the page asked to confirm leaving", "leave"),
  });
  Object.defineProperty(leaving, "returnValue", {
    configurable: true,
    get: () => "",
    set: () => keep("beforeunload", "the page asked to confirm leaving", "leave"),
  });
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]): void {
    if (this === window && type === "beforeunload") {
      keep("beforeunload", "a beforeunload handler was not registered", "leave");
      return;
    }
    (addListener as (...args: unknown[]) => void).call(this, type, ...rest);
  };
  Object.defineProperty(window, "onbeforeunload", {
    configurable: true,
    get: () => null,
    set: () => keep("beforeunload", "an onbeforeunload handler was not registered", "leave"),
  });
}

function drainDialogRecorder(key: string): unknown[] {
  const records = (window as unknown as Record<string, unknown>)[key];
  return Array.isArray(records) ? records.splice(0) : [];
}

export async function installRecorder(tabId: number, frameId?: number): Promise<void> {
  await chrome.scripting
    .executeScript({
      target: frameId === undefined ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] },
      world: "MAIN",
      injectImmediately: true,
      func: installDialogRecorder,
      args: [RECORDER_KEY],
    })
    .catch(() => undefined);
}

/** Dialogs the recorder answered since the last drain, each reported once. */
export async function drainRecordedDialogs(tabId: number): Promise<DialogRecord[]> {
  try {
    const frames = await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, world: "MAIN", injectImmediately: true, func: drainDialogRecorder, args: [RECORDER_KEY] });
    return frames.flatMap((frame) => (Array.isArray(frame.result) ? frame.result : [])).filter(isDialogRecord);
  } catch {
    return [];
  }
}

function isDialogRecord(value: unknown): value is DialogRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return ["alert", "confirm", "prompt", "beforeunload"].includes(String(record.type)) && typeof record.message === "string" && typeof record.answered === "string";
}
