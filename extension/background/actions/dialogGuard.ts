import type { DialogRecord } from "../../../protocol/index.js";
import { armWrite, disarmWriteIn, isDialogRecord } from "../dialogs/dialogRecorder.js";

export interface Released {
  dialogs: DialogRecord[];
  /** Set when the page's dialog functions were still not its own after every attempt: why. */
  restoreFailed?: string;
  /** Requests the page started through fetch or XMLHttpRequest while the patch was on. */
  requests: number;
}

export interface DialogGuard {
  /** Dialogs recorded outside any action since the last read, handed over as the patch went on. */
  earlier: DialogRecord[];
  /** Takes the patch off (once; later calls answer the same) and hands over what it saw. */
  release(): Promise<Released>;
}

/** Attempts at putting the page's dialog functions back; a second one redefines what the first could not assign. */
export const RESTORE_ATTEMPTS = 3;
const RESTORE_RETRY_MS = 50;

const NOTHING_TO_RELEASE: Released = { dialogs: [], requests: 0 };

/**
 * Installs the write's patch in every frame of the tab and only then lets the caller
 * dispatch, so a dialog the action raises always meets the patch. Rejects with
 * dialog_patch_failed when the page could not take it (armWrite says which tabs need none).
 */
export async function guardDialogs(tabId: number): Promise<DialogGuard> {
  const key = `__weboperatorDialogs_${crypto.randomUUID().replaceAll("-", "")}`;
  const armed = await armWrite(tabId, key);
  if (armed.kind === "no_document_to_patch") return { earlier: [], release: () => Promise.resolve(NOTHING_TO_RELEASE) };
  let released: Promise<Released> | null = null;
  return {
    earlier: armed.earlier,
    release() {
      released ??= collect(tabId, key);
      return released;
    },
  };
}

async function collect(tabId: number, key: string): Promise<Released> {
  const dialogs: DialogRecord[] = [];
  let requests = 0;
  let failure = "";
  for (let attempt = 0; attempt < RESTORE_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, RESTORE_RETRY_MS));
    let frames: Awaited<ReturnType<typeof disarmWriteIn>>;
    try {
      frames = await disarmWriteIn(tabId, key);
    } catch (error) {
      // The document the patch lived in is gone (navigation): nothing of it is left to restore.
      if (isGoneError(error)) return { dialogs, requests };
      failure = `Chrome refused the restoring script: ${String(error)}`;
      continue;
    }
    dialogs.push(...frames.flatMap((frame) => (frame.result?.records ?? []).filter(isDialogRecord)));
    requests += frames.reduce((sum, frame) => sum + (frame.result?.requests ?? 0), 0);
    const failed = frames.filter((frame) => frame.result !== undefined && frame.result !== null && !frame.result.restored);
    if (failed.length === 0) return { dialogs, requests };
    failure = `the page's window.alert, confirm or prompt could not be put back in ${failed.length} frame(s) after ${attempt + 1} attempt(s) (the page locked them while the patch was on)`;
  }
  return { dialogs, requests, restoreFailed: failure };
}

function isGoneError(error: unknown): boolean {
  return /No tab|Frame with ID|cannot be scripted|Cannot access|The tab was closed|No frame/i.test(String(error));
}
