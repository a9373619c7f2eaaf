import * as native from "./mainWorldIntrinsics.js";

/**
 * MAIN world: addEventListener's and removeEventListener's `options`, converted once as the
 * browser converts them (WebIDL: undefined, null or an object is the dictionary, anything else
 * a boolean; the dictionary's members read once each, capture first, then once, passive and
 * signal), and handed to the browser as a prototype-less copy. A getter that answers `capture:
 * true` to one read and `false` to the next cannot make the record and the browser disagree, and
 * a member left out reads nothing the page put on Object.prototype.
 */
export interface ConvertedOptions {
  capture: boolean;
  signal: AbortSignal | undefined;
  forBrowser: AddEventListenerOptions;
}

export function convertAddOptions(options: unknown): ConvertedOptions {
  const forBrowser = native.createObject(null) as AddEventListenerOptions;
  // Nothing given is the dictionary's defaults: nothing is read.
  if (options === undefined || options === null || !isDictionary(options)) {
    forBrowser.capture = !!options;
    return { capture: forBrowser.capture, signal: undefined, forBrowser };
  }
  const given = options as Record<string, unknown>;
  const capture = !!given.capture;
  const once = !!given.once;
  const passive = given.passive;
  const signal = given.signal;
  forBrowser.capture = capture;
  forBrowser.once = once;
  if (passive !== undefined) forBrowser.passive = !!passive;
  // Not an AbortSignal: the browser throws for it, before anything is added or recorded.
  if (signal !== undefined) forBrowser.signal = signal as AbortSignal;
  return { capture, signal: signal === undefined ? undefined : (signal as AbortSignal), forBrowser };
}

export function convertRemoveOptions(options: unknown): { capture: boolean; forBrowser: EventListenerOptions } {
  const forBrowser = native.createObject(null) as EventListenerOptions;
  forBrowser.capture =
    options !== undefined && options !== null && isDictionary(options) ? !!(options as Record<string, unknown>).capture : !!options;
  return { capture: forBrowser.capture, forBrowser };
}

/** An object converts as the dictionary (undefined and null too, with nothing to read); anything else as a boolean. */
function isDictionary(options: unknown): boolean {
  return typeof options === "object" || typeof options === "function";
}
