/**
 * The page-global that holds the recorder's frozen functions (non-enumerable, not configurable,
 * not writable). Its records live in the recorder's closure: no page can add one.
 */
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
  /** One write's records and request count, kept in the recorder's closure, never in a page global. */
  type WriteState = { records: DialogRecord[]; counter: { requests: number } };
  type DialogFunctions = Record<"alert" | "confirm" | "prompt", (message?: unknown) => unknown>;
  /**
   * What the recorder lends the extension's later scripts, frozen on a non-writable global. Every
   * member only takes records or routes the ones its dialog functions make: a page that calls
   * them can hide its own dialogs (as it could by never raising them) but never add a record
   * that none of our dialog functions made.
   */
  type Hooks = {
    own: Record<"alert" | "confirm" | "prompt", unknown>;
    mask: Mask;
    /** The records made outside any write since the last take. */
    take(): DialogRecord[];
    /** Starts routing dialogs to this write; null when it has begun already. */
    begin(writeKey: string): DialogRecord[] | null;
    /** Ends the write (or with `open`, only takes its records so far): what it recorded and counted. */
    end(writeKey: string, open: boolean): { records: DialogRecord[]; requests: number };
    /** Dialog functions that record into this write: for a page whose own functions replaced ours. */
    patchDialogs(writeKey: string): DialogFunctions;
  };
  if (page[recorderKey] === undefined) {
    // Natives taken as the recorder is installed (at document_start in agent tabs, before any page
    // script), and called through these: a page that replaces Map.prototype.get, Array setters or
    // String later cannot put a record of its own among ours.
    const bindCall = Function.prototype.call.bind(Function.prototype.bind) as <F>(fn: F, self: unknown) => F;
    const uncurry = <F extends (...args: never[]) => unknown>(fn: F): ((self: unknown, ...args: Parameters<F>) => ReturnType<F>) =>
      bindCall(Function.prototype.call, fn);
    const defineProperty = Object.defineProperty;
    const freeze = Object.freeze;
    const toText = String;
    const slice = uncurry(String.prototype.slice);
    const NativeMap = Map;
    const mapGet = uncurry(Map.prototype.get as (key: string) => WriteState | undefined);
    const mapSet = uncurry(Map.prototype.set as (key: string, value: WriteState) => unknown);
    const mapDelete = uncurry(Map.prototype.delete as (key: string) => boolean);
    const mapForEach = uncurry(Map.prototype.forEach as (visit: (value: WriteState) => void) => void);
    /** An own element at the end, whatever setters a page put on Array.prototype's indexes. */
    const append = (list: DialogRecord[], record: DialogRecord): void => {
      defineProperty(list, list.length, { value: record, writable: true, enumerable: true, configurable: true });
    };
    let outside: DialogRecord[] = [];
    const writes = new NativeMap<string, WriteState>();
    /** The write that began last and has not ended: its dialogs are its own, not "outside an action". */
    const runningWrite = (): WriteState | undefined => {
      let last: WriteState | undefined;
      mapForEach(writes, (state) => {
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
    const dispatchOn = Function.prototype.call.bind(EventTarget.prototype.dispatchEvent) as (target: EventTarget, event: Event) => boolean;
    const SignalEvent = Event;
    const keep = (type: string, message: unknown, answered: string, into?: WriteState): void => {
      const write = into ?? (type === "beforeunload" ? undefined : runningWrite());
      if (write !== undefined) {
        append(write.records, { type, message: toText(message ?? ""), answered });
        return;
      }
      if (outside.length < 50) append(outside, { type, message: slice(toText(message ?? ""), 0, 1000), answered });
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
    const writeDialogs = (write: WriteState): DialogFunctions => ({
      alert: (message?: unknown): void => keep("alert", message, "closed", write),
      confirm: (message?: unknown): boolean => {
        keep("confirm", message, "cancel", write);
        return false;
      },
      prompt: (message?: unknown): null => {
        keep("prompt", message, "null", write);
        return null;
      },
    });
    const begin = (writeKey: string): WriteState | null => {
      if (mapGet(writes, writeKey) !== undefined) return null;
      const state: WriteState = { records: [], counter: { requests: 0 } };
      mapSet(writes, writeKey, state);
      return state;
    };
    const own: Hooks["own"] = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
    const hooks: Hooks = freeze({
      own: freeze(own),
      mask,
      take(): DialogRecord[] {
        const taken = outside;
        outside = [];
        return taken;
      },
      begin(writeKey: string): DialogRecord[] | null {
        return begin(toText(writeKey)) === null ? null : hooks.take();
      },
      end(writeKey: string, open: boolean): { records: DialogRecord[]; requests: number } {
        const key = toText(writeKey);
        const state = mapGet(writes, key);
        if (state === undefined) return { records: [], requests: 0 };
        if (!open) mapDelete(writes, key);
        const records = state.records;
        state.records = [];
        const requests = state.counter.requests;
        state.counter.requests = 0;
        return { records, requests };
      },
      patchDialogs(writeKey: string): DialogFunctions {
        const key = toText(writeKey);
        return writeDialogs(mapGet(writes, key) ?? (begin(key) as WriteState));
      },
    });
    // The one global of the recorder: frozen and pinned, so a later script of ours finds these
    // functions and no page's, and no array a page could push a record into.
    defineProperty(window, recorderKey, { value: hooks, configurable: false, enumerable: false, writable: false });
  }
  const recorderHooks = page[recorderKey] as Hooks | undefined;
  const dialogNames = ["alert", "confirm", "prompt"] as const;
  // The recorder's own dialog functions are in place: the write borrows them (their records
  // go to the write while it runs), so nothing on the page changes when a write starts.
  if (writeKey !== null && recorderHooks !== undefined && dialogNames.every((name) => page[name] === recorderHooks.own[name])) {
    return { records: recorderHooks.begin(writeKey) ?? [], patched: true };
  }
  if (writeKey === null || page[writeKey] !== undefined || recorderHooks === undefined) return { records: [], patched: true };
  const original = {
    alert: window.alert,
    confirm: window.confirm,
    prompt: window.prompt,
    fetch: window.fetch,
    send: XMLHttpRequest.prototype.send,
  };
  // The page's own dialog functions replaced the recorder's: the write puts the recorder's write
  // functions in their place for its duration, which record into the write inside the recorder.
  const dialogs = recorderHooks.patchDialogs(writeKey);
  const names = dialogNames;
  for (const name of names) recorderHooks.mask(dialogs[name], original[name]);
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
    recorderHooks.end(writeKey, false);
    return { records: [], patched: false };
  }
  const earlier = recorderHooks.take();
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
  const fetchWrapper = recorderHooks.mask(wrappers.fetch, original.fetch);
  const sendWrapper = recorderHooks.mask(wrappers.send, original.send);
  // What the restore needs (the page's own functions, the request count); the records stay in the recorder.
  Object.defineProperty(window, writeKey, {
    value: { original, counter, fetchWrapper, sendWrapper },
    configurable: true,
    enumerable: false,
  });
  window.fetch = fetchWrapper;
  XMLHttpRequest.prototype.send = sendWrapper;
  return { records: earlier, patched: true };
}
