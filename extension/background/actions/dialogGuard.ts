import type { DialogRecord } from "../../../protocol/index.js";

interface PatchState {
  records: DialogRecord[];
}

/**
 * Runs in the page's main world (serialised by chrome.scripting): replaces alert, confirm
 * and prompt with non-blocking recorders for the duration of one write. confirm cancels,
 * prompt returns null, alert closes.
 */
function installDialogPatch(key: string): boolean {
  const page = window as unknown as Record<string, unknown>;
  if (page[key] !== undefined) return true;
  const records: Array<{ type: string; message: string; answered: string }> = [];
  const original = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
  Object.defineProperty(window, key, { value: { records, original }, configurable: true, enumerable: false });
  window.alert = (message?: unknown): void => {
    records.push({ type: "alert", message: String(message ?? ""), answered: "closed" });
  };
  window.confirm = (message?: unknown): boolean => {
    records.push({ type: "confirm", message: String(message ?? ""), answered: "cancel" });
    return false;
  };
  window.prompt = (message?: unknown): null => {
    records.push({ type: "prompt", message: String(message ?? ""), answered: "null" });
    return null;
  };
  return true;
}

/** Main world too: puts the page's own functions back and hands over what was recorded. */
function removeDialogPatch(key: string): { records: unknown[]; restored: boolean } {
  const page = window as unknown as Record<string, unknown>;
  const state = page[key] as { records: unknown[]; original: { alert: typeof alert; confirm: typeof confirm; prompt: typeof prompt } } | undefined;
  if (state === undefined) return { records: [], restored: true };
  window.alert = state.original.alert;
  window.confirm = state.original.confirm;
  window.prompt = state.original.prompt;
  delete page[key];
  const restored = window.alert === state.original.alert && window.confirm === state.original.confirm && window.prompt === state.original.prompt;
  return { records: state.records, restored };
}

export interface DialogGuard {
  collect(): Promise<{ dialogs: DialogRecord[]; restoreFailed?: string }>;
}

/**
 * Installs the patch in every frame of the tab and only then lets the caller dispatch
 * (seed §3: dispatch only after the patch is in place).
 */
export async function guardDialogs(tabId: number): Promise<DialogGuard> {
  const key = `__weboperatorDialogs_${crypto.randomUUID().replaceAll("-", "")}`;
  await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, world: "MAIN", injectImmediately: true, func: installDialogPatch, args: [key] });
  return {
    async collect() {
      let frames: chrome.scripting.InjectionResult<{ records: unknown[]; restored: boolean }>[];
      try {
        frames = await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, world: "MAIN", injectImmediately: true, func: removeDialogPatch, args: [key] });
      } catch (error) {
        // The document the patch lived in is gone (navigation): nothing of it is left to restore.
        return { dialogs: [], ...(isGoneError(error) ? {} : { restoreFailed: String(error) }) };
      }
      const dialogs = frames.flatMap((frame) => (frame.result?.records ?? []).filter(isDialogRecord));
      const failed = frames.filter((frame) => frame.result !== undefined && frame.result !== null && !frame.result.restored);
      return { dialogs, ...(failed.length > 0 ? { restoreFailed: `dialog functions could not be restored in ${failed.length} frame(s)` } : {}) };
    },
  };
}

function isDialogRecord(value: unknown): value is DialogRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<PatchState["records"][number]>;
  return typeof record.type === "string" && typeof record.message === "string" && typeof record.answered === "string";
}

function isGoneError(error: unknown): boolean {
  return /No tab|Frame with ID|cannot be scripted|Cannot access|The tab was closed|No frame/i.test(String(error));
}
