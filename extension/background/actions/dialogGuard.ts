import type { DialogRecord } from "../../../protocol/index.js";
import { armWrite, disarmWriteIn, isDialogRecord } from "../dialogs/dialogRecorder.js";

export interface Released {
  dialogs: DialogRecord[];
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

/**
 * Installs the write's patch in every frame of the tab and only then lets the caller
 * dispatch, so a dialog the action raises always meets the patch.
 */
export async function guardDialogs(tabId: number): Promise<DialogGuard> {
  const key = `__weboperatorDialogs_${crypto.randomUUID().replaceAll("-", "")}`;
  const earlier = await armWrite(tabId, key);
  let released: Promise<Released> | null = null;
  return {
    earlier,
    release() {
      released ??= collect(tabId, key);
      return released;
    },
  };
}

async function collect(tabId: number, key: string): Promise<Released> {
  let frames: Awaited<ReturnType<typeof disarmWriteIn>>;
  try {
    frames = await disarmWriteIn(tabId, key);
  } catch (error) {
    // The document the patch lived in is gone (navigation): nothing of it is left to restore.
    return { dialogs: [], requests: 0, ...(isGoneError(error) ? {} : { restoreFailed: String(error) }) };
  }
  const dialogs = frames.flatMap((frame) => (frame.result?.records ?? []).filter(isDialogRecord));
  const requests = frames.reduce((sum, frame) => sum + (frame.result?.requests ?? 0), 0);
  const failed = frames.filter((frame) => frame.result !== undefined && frame.result !== null && !frame.result.restored);
  return {
    dialogs,
    requests,
    ...(failed.length > 0 ? { restoreFailed: `dialog functions could not be restored in ${failed.length} frame(s)` } : {}),
  };
}

function isGoneError(error: unknown): boolean {
  return /No tab|Frame with ID|cannot be scripted|Cannot access|The tab was closed|No frame/i.test(String(error));
}
