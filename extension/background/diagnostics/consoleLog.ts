import { z } from "zod";
import type { Protocol } from "devtools-protocol";
import type { ConsoleEntrySchema } from "../../../protocol/tools/diagnosticsTools.js";
import { debuggerSession } from "../debuggerSession.js";
import { onCdpEvent } from "../cdp/cdpEvents.js";
import { readSince, type ReadCursor } from "./readCursor.js";
import { MAX_ENTRY_CHARS, redactText, redactUrl, truncate } from "../../../protocol/redaction.js";
import { SessionBacked } from "./sessionBacked.js";

type ConsoleEntry = z.infer<typeof ConsoleEntrySchema>;

/** Each tab's read cursor as stored: [tabId, timestamp, keys of the entries at that timestamp]. */
const StoredCursorsSchema = z.array(z.tuple([z.number().int(), z.number(), z.array(z.string())])).default(() => []);

type RemoteObject = Protocol.Runtime.RemoteObject;
type ObjectPreview = Protocol.Runtime.ObjectPreview;
type ConsoleApiCalled = Protocol.Runtime.ConsoleAPICalledEvent;
type ExceptionThrown = Protocol.Runtime.ExceptionThrownEvent;
type LogEntryAdded = Protocol.Log.EntryAddedEvent;

/**
 * browser.read_console. The page's console lives in V8's message storage, which CDP
 * replays whenever Runtime and Log are enabled; so each read attaches (debuggerSession,
 * on demand), enables both, keeps what is newer than this tab's cursor, and disables them
 * again. Reads cover the current document since it loaded; messages of a document the
 * tab has left are gone. The cursors are kept in session storage too, so a read
 * after a worker restart still answers only what is new.
 */
class ConsoleLog {
  private readonly cursors = new Map<number, ReadCursor>();
  private readonly stored = new SessionBacked("weboperator.consoleCursors", StoredCursorsSchema, () =>
    [...this.cursors.entries()].map(([tabId, cursor]): [number, number, string[]] => [
      tabId,
      cursor.timestamp,
      [...cursor.keysAtTimestamp],
    ]),
  );
  private readonly restored = this.stored.restore().then((value) => this.merge(value));

  async read(tabId: number, maxEntries: number): Promise<{ entries: ConsoleEntry[]; dropped: number }> {
    const collected: ConsoleEntry[] = [];
    const unsubscribe = [
      onCdpEvent(tabId, "Runtime.consoleAPICalled", (event) => collected.push(fromConsoleCall(event))),
      onCdpEvent(tabId, "Runtime.exceptionThrown", (event) => collected.push(fromException(event))),
      onCdpEvent(tabId, "Log.entryAdded", (event) => collected.push(fromLogEntry(event))),
    ];
    try {
      await debuggerSession.send(tabId, "Runtime.enable");
      await debuggerSession.send(tabId, "Log.enable");
      // Replayed events precede the answer to any later command: one more round trip flushes them.
      await debuggerSession.send(tabId, "Runtime.runIfWaitingForDebugger");
    } finally {
      for (const stop of unsubscribe) stop();
      await debuggerSession.send(tabId, "Log.disable").catch(() => undefined);
      await debuggerSession.send(tabId, "Runtime.disable").catch(() => undefined);
    }
    await this.restored;
    const read = readSince(this.cursors, tabId, collected, maxEntries);
    this.stored.save();
    return read;
  }

  forget(tabId: number): void {
    if (this.cursors.delete(tabId)) this.stored.save();
  }

  private merge(stored: z.output<typeof StoredCursorsSchema> | undefined): void {
    for (const [tabId, timestamp, keys] of stored ?? []) {
      if (!this.cursors.has(tabId)) this.cursors.set(tabId, { timestamp, keysAtTimestamp: new Set(keys) });
    }
  }
}

function fromConsoleCall(event: ConsoleApiCalled): ConsoleEntry {
  const frame = event.stackTrace?.callFrames[0];
  return entry("console", event.type, event.args.map(renderArgument).join(" "), event.timestamp, frame?.url, frame?.lineNumber);
}

function fromException({ timestamp, exceptionDetails: details }: ExceptionThrown): ConsoleEntry {
  const text: unknown = details.exception?.description ?? details.exception?.value ?? details.text;
  return entry("exception", "error", String(text), timestamp, details.url, details.lineNumber);
}

function fromLogEntry({ entry: log }: LogEntryAdded): ConsoleEntry {
  return entry(log.source, log.level, log.text, log.timestamp, log.url, log.lineNumber);
}

function entry(source: string, level: string, text: string, timestamp: number, url?: string, line?: number): ConsoleEntry {
  return {
    level,
    source,
    // Cut before redacting too, so a megabyte log line costs nothing; the final cut is after.
    text: truncate(redactText(text.slice(0, MAX_ENTRY_CHARS * 8))),
    ...(url ? { url: truncate(redactUrl(url)) } : {}),
    ...(line === undefined ? {} : { line: line + 1 }),
    timestamp,
  };
}

function renderArgument(argument: RemoteObject): string {
  if (argument.value !== undefined) return typeof argument.value === "string" ? argument.value : JSON.stringify(argument.value);
  if (argument.preview !== undefined) return renderPreview(argument.preview);
  return argument.unserializableValue ?? argument.description ?? argument.type;
}

/** `{answer: 42}` / `[1, 2]`, as DevTools' one-line preview shows objects. */
function renderPreview(preview: ObjectPreview): string {
  const isArray = preview.subtype === "array";
  const parts = preview.properties.map((property) => {
    const value = property.type === "string" ? JSON.stringify(property.value ?? "") : (property.value ?? property.type);
    return isArray ? value : `${property.name}: ${value}`;
  });
  if (preview.overflow) parts.push("…");
  return isArray ? `[${parts.join(", ")}]` : `{${parts.join(", ")}}`;
}

export const consoleLog = new ConsoleLog();
chrome.tabs.onRemoved.addListener((tabId) => consoleLog.forget(tabId));
