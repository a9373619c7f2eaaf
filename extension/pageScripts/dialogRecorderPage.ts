/** The page-global the recorder keeps its records under (non-enumerable, not configurable). */
export const RECORDER_KEY = "__weboperatorDialogRecorder";

/** The signal a recorder gives when it answered a dialog outside a write (`${recorderKey}:recorded` in armPage). */
export const DIALOG_SIGNAL = `${RECORDER_KEY}:recorded`;

/** The Server-Timing entry the network rules add to agent tabs' document responses (networkRules.ts). */
export const AGENT_TAB_TIMING = "weboperator-agent";

interface ArmResult {
  /** Dialogs the recorder answered since the last drain (only drained when a write arms). */
  records: unknown[];
  /**
   * The write's patch is on in this document: alert, confirm and prompt are its own. false
   * when the page had locked one of them (non-writable, or an accessor that ignores the
   * assignment); then nothing of the patch stays on and the recorder's records stay undrained.
   */
  patched: boolean;
}

/**
 * Runs in the page's main world (serialised by chrome.scripting, so it must be
 * self-contained). In agent tabs only:
 * - the recorder: a dialog the page raises outside an action (a timer's alert) is
 *   answered at once and recorded instead of freezing the page, and beforeunload prompts
 *   are not registered, so leaving the page never waits for a person who is not there;
 * - with a writeKey, a write's patch on top of it for the duration of one write (the
 *   write dispatches only once it is in place): dialogs recorded for that write, and a count of
 *   the requests the page starts, so the settle knows for certain that a click started a
 *   fetch even before the browser reports the request.
 * The recorder is installed again if a document missed it; the drain hands over its records.
 * The write's dialog functions are checked after they are assigned: a page can lock them.
 */
export function armPage(recorderKey: string, writeKey: string | null): ArmResult {
  const page = window as unknown as Record<string, unknown>;
  // Only http(s) requests: the browser reports those too, and the settle waits until it has.
  function isHttpUrl(url: unknown): boolean {
    try {
      return /^https?:$/.test(new URL(String(url), location.href).protocol);
    } catch {
      return false;
    }
  }
  type Mask = <F extends object>(replacement: F, original: object) => F;
  type DialogRecord = { type: string; message: string; answered: string };
  /** One write's records and request count, kept in the recorder, never in a page global. */
  type WriteState = { records: DialogRecord[]; counter: { requests: number } };
  /** What the recorder lends a write: its own dialog functions and the writes now running. */
  type Hooks = { own: Record<"alert" | "confirm" | "prompt", unknown>; writes: Map<string, WriteState> };
  if (page[recorderKey] === undefined) {
    const kept: DialogRecord[] = [];
    Object.defineProperty(window, recorderKey, { value: kept, configurable: false, enumerable: false });
    const writes = new Map<string, WriteState>();
    /** The write that began last and has not ended: its dialogs are its own, not "outside an action". */
    const runningWrite = (): WriteState | undefined => {
      let last: WriteState | undefined;
      writes.forEach((state) => {
        last = state;
      });
      return last;
    };
    // Replaced natives read as natives (name, length, toString), so a page's check of
    // alert.toString() finds nothing; the recorder itself is the one global that stays.
    const masked = new WeakMap<object, string>();
    const sourceOf = Function.prototype.call.bind(Function.prototype.toString) as (fn: unknown) => string;
    const mask: Mask = (replacement, original) => {
      Object.defineProperty(replacement, "name", { value: (original as { name: string }).name, configurable: true });
      Object.defineProperty(replacement, "length", { value: (original as { length: number }).length, configurable: true });
      masked.set(replacement, sourceOf(original));
      return replacement;
    };
    const toStrings = {
      toString(this: unknown): string {
        return (typeof this === "function" ? masked.get(this) : undefined) ?? sourceOf(this);
      },
    };
    const originalToString = Function.prototype.toString;
    Object.defineProperty(Function.prototype, "toString", {
      value: mask(toStrings.toString, originalToString),
      writable: true,
      enumerable: false,
      configurable: true,
    });
    Object.defineProperty(kept, "mask", { value: mask, enumerable: false });
    // Taken as the recorder is installed (at document_start in agent tabs), before a page could replace them.
    const dispatchOn = Function.prototype.call.bind(EventTarget.prototype.dispatchEvent) as (target: EventTarget, event: Event) => boolean;
    const SignalEvent = Event;
    const keep = (type: string, message: unknown, answered: string): void => {
      const write = type === "beforeunload" ? undefined : runningWrite();
      if (write !== undefined) {
        write.records.push({ type, message: String(message ?? ""), answered });
        return;
      }
      if (kept.length < 50) kept.push({ type, message: String(message ?? "").slice(0, 1000), answered });
      // Tells the top frame's content script there is something to drain (dialogSignal.ts), so a
      // snapshot drains only then. In the top frame the event is dispatched on its window, which
      // the content script hears within this call: a snapshot asked for after the dialog knows of
      // it, where a posted message might arrive after the snapshot request. A subframe can only
      // post to the top window. A page can send either too: that costs one empty drain, nothing more.
      try {
        if (window.top === window) dispatchOn(window, new SignalEvent(`${recorderKey}:recorded`));
        else window.top?.postMessage(`${recorderKey}:recorded`, "*");
      } catch {
        // A detached frame has no top to tell; the next write's arm drains its records.
      }
    };
    window.alert = mask((message?: unknown): void => keep("alert", message, "closed"), window.alert);
    window.confirm = mask((message?: unknown): boolean => {
      keep("confirm", message, "cancel");
      return false;
    }, window.confirm);
    window.prompt = mask((message?: unknown): null => {
      keep("prompt", message, "null");
      return null;
    }, window.prompt);
    const addListener = EventTarget.prototype.addEventListener;
    // Handlers the page added before this ran ask for the "Leave site?" prompt through the
    // event itself: make those requests no-ops, and record that the page asked.
    const leaving = BeforeUnloadEvent.prototype;
    const asked = Object.getOwnPropertyDescriptor(Event.prototype, "returnValue");
    Object.defineProperty(leaving, "preventDefault", {
      configurable: true,
      value: mask(() => keep("beforeunload", "the page asked to confirm leaving", "leave"), Event.prototype.preventDefault),
    });
    Object.defineProperty(leaving, "returnValue", {
      configurable: true,
      get: mask(() => "", asked?.get ?? Event.prototype.preventDefault),
      set: mask(() => keep("beforeunload", "the page asked to confirm leaving", "leave"), asked?.set ?? Event.prototype.preventDefault),
    });
    const listening = {
      addEventListener(this: EventTarget, type: string, ...rest: unknown[]): void {
        if (this === window && type === "beforeunload") {
          keep("beforeunload", "a beforeunload handler was not registered", "leave");
          return;
        }
        (addListener as (...args: unknown[]) => void).call(this, type, ...rest);
      },
    };
    EventTarget.prototype.addEventListener = mask(listening.addEventListener, addListener);
    Object.defineProperty(window, "onbeforeunload", {
      configurable: true,
      get: () => null,
      set: () => keep("beforeunload", "an onbeforeunload handler was not registered", "leave"),
    });
    // Requests are counted from here on, and only while a write runs: swapping fetch and
    // XMLHttpRequest.prototype.send for each write would let a page that kept the originals
    // see the swap, and so see every write.
    const pageFetch = window.fetch;
    const pageSend = XMLHttpRequest.prototype.send;
    const apply = Reflect.apply;
    const counting = {
      fetch(this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
        const write = runningWrite();
        const [input] = args;
        if (write !== undefined && isHttpUrl(typeof input === "object" && input !== null && "url" in input ? input.url : input))
          write.counter.requests += 1;
        return apply(pageFetch, this, args);
      },
      send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest["send"]>): void {
        const write = runningWrite();
        if (write !== undefined) write.counter.requests += 1;
        apply(pageSend, this, args);
      },
    };
    window.fetch = mask(counting.fetch, pageFetch);
    XMLHttpRequest.prototype.send = mask(counting.send, pageSend);
    const hooks: Hooks = { own: { alert: window.alert, confirm: window.confirm, prompt: window.prompt }, writes };
    Object.defineProperty(kept, "hooks", { value: hooks, enumerable: false });
  }
  const recorderHooks = (page[recorderKey] as { hooks?: Hooks } | undefined)?.hooks;
  const dialogNames = ["alert", "confirm", "prompt"] as const;
  // The recorder's own dialog functions are in place: the write borrows them (their records
  // go to the write while it runs), so nothing on the page changes when a write starts.
  if (writeKey !== null && recorderHooks !== undefined && dialogNames.every((name) => page[name] === recorderHooks.own[name])) {
    if (recorderHooks.writes.has(writeKey)) return { records: [], patched: true };
    const recorded = page[recorderKey];
    const earlier = Array.isArray(recorded) ? recorded.splice(0) : [];
    recorderHooks.writes.set(writeKey, { records: [], counter: { requests: 0 } });
    return { records: earlier, patched: true };
  }
  if (writeKey === null || page[writeKey] !== undefined) return { records: [], patched: true };
  const records: Array<{ type: string; message: string; answered: string }> = [];
  const original = {
    alert: window.alert,
    confirm: window.confirm,
    prompt: window.prompt,
    fetch: window.fetch,
    send: XMLHttpRequest.prototype.send,
  };
  const dialogs = {
    alert: (message?: unknown): void => {
      records.push({ type: "alert", message: String(message ?? ""), answered: "closed" });
    },
    confirm: (message?: unknown): boolean => {
      records.push({ type: "confirm", message: String(message ?? ""), answered: "cancel" });
      return false;
    },
    prompt: (message?: unknown): null => {
      records.push({ type: "prompt", message: String(message ?? ""), answered: "null" });
      return null;
    },
  };
  const names = dialogNames;
  const maskDialog = (page[recorderKey] as { mask?: Mask } | undefined)?.mask;
  if (maskDialog !== undefined) for (const name of names) maskDialog(dialogs[name], original[name]);
  for (const name of names) {
    try {
      page[name] = dialogs[name];
    } catch {
      // A non-writable property throws in strict code; the check below finds it either way.
    }
  }
  if (names.some((name) => page[name] !== dialogs[name])) {
    for (const name of names) {
      if (page[name] !== dialogs[name]) continue;
      try {
        page[name] = original[name];
      } catch {
        // It took our function a moment ago: it takes the page's back.
      }
    }
    return { records: [], patched: false };
  }
  const recorded = page[recorderKey];
  const earlier = Array.isArray(recorded) ? recorded.splice(0) : [];
  const counter = { requests: 0 };
  const isHttp = isHttpUrl;
  const wrappers = {
    fetch(this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
      const [input] = args;
      if (isHttp(typeof input === "object" && input !== null && "url" in input ? input.url : input)) counter.requests += 1;
      return original.fetch.apply(this, args);
    },
    send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest["send"]>): void {
      // Counted whatever its URL (open may predate the patch): a rare blob: XHR only waits out the network bound.
      counter.requests += 1;
      original.send.apply(this, args);
    },
  };
  const masking = (page[recorderKey] as { mask?: Mask } | undefined)?.mask;
  const fetchWrapper = masking === undefined ? wrappers.fetch : masking(wrappers.fetch, original.fetch);
  const sendWrapper = masking === undefined ? wrappers.send : masking(wrappers.send, original.send);
  Object.defineProperty(window, writeKey, {
    value: { records, original, counter, fetchWrapper, sendWrapper },
    configurable: true,
    enumerable: false,
  });
  window.fetch = fetchWrapper;
  XMLHttpRequest.prototype.send = sendWrapper;
  return { records: earlier, patched: true };
}
