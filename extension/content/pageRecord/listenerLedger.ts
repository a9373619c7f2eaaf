import * as native from "./mainWorldIntrinsics.js";

/**
 * MAIN world: the listeners the page has on each element right now, as the browser keeps them,
 * so a record ends when the listener does. The browser adds a listener once per type, callback
 * and capture flag, and removes it by the same three, by its AbortSignal, or by an on* property
 * set to something not callable. Each of these is mirrored here from the arguments exactly as
 * the browser got them (mainWorldRecorder.iife.ts converts them once, listenerOptions.ts, and
 * hands the browser the converted values). A signal's abort is read from the signal itself,
 * which a page's abort listener cannot stop. A `once` listener stays recorded after it fired:
 * nothing tells us it did short of wrapping the page's callback.
 */

/** Per phase: absent (false), present (true), or present until this signal aborts. */
type Registration = boolean | AbortSignal;
interface Phases {
  bubble: Registration;
  capture: Registration;
}

/** element → type → callback → its registrations. */
const listeners = new native.NativeWeakMap<object, Map<string, Map<unknown, Phases>>>();
/** element → the handler types whose on* property holds a function now (a mask, handlerTypes.ts). */
const properties = new native.NativeWeakMap<object, number>();

const typesOf = (element: Element): Map<string, Map<unknown, Phases>> | undefined =>
  native.weakGet(listeners, element) as Map<string, Map<unknown, Phases>> | undefined;

/** Records a listener the browser has just added; one already there stays as it was, as the browser leaves it. */
export function listenerAdded(element: Element, type: string, callback: unknown, capture: boolean, signal: AbortSignal | undefined): void {
  let types = typesOf(element);
  if (types === undefined) {
    types = new native.NativeMap<string, Map<unknown, Phases>>();
    native.weakSet(listeners, element, types);
  }
  let callbacks = native.anyMapGet(types, type) as Map<unknown, Phases> | undefined;
  if (callbacks === undefined) {
    callbacks = new native.NativeMap<unknown, Phases>();
    native.anyMapSet(types, type, callbacks);
  }
  const phases = (native.anyMapGet(callbacks, callback) as Phases | undefined) ?? { bubble: false, capture: false };
  if (present(capture ? phases.capture : phases.bubble)) return;
  const registration: Registration = signal ?? true;
  native.anyMapSet(
    callbacks,
    callback,
    capture ? { bubble: phases.bubble, capture: registration } : { bubble: registration, capture: phases.capture },
  );
}

export function listenerRemoved(element: Element, type: string, callback: unknown, capture: boolean): void {
  const types = typesOf(element);
  const callbacks = types === undefined ? undefined : (native.anyMapGet(types, type) as Map<unknown, Phases> | undefined);
  const phases = callbacks === undefined ? undefined : (native.anyMapGet(callbacks, callback) as Phases | undefined);
  if (callbacks === undefined || phases === undefined) return;
  native.anyMapSet(callbacks, callback, capture ? { bubble: phases.bubble, capture: false } : { bubble: false, capture: phases.capture });
}

export function propertySet(element: Element, bit: number, isHandler: boolean): void {
  const mask = (native.weakGet(properties, element) as number | undefined) ?? 0;
  native.weakSet(properties, element, isHandler ? mask | bit : mask & ~bit);
}

/** The handler types the element has a listener or an on* handler for now. */
export function handlerMask(element: Element, bits: Record<string, number | undefined>): number {
  let mask = (native.weakGet(properties, element) as number | undefined) ?? 0;
  const types = typesOf(element);
  if (types === undefined) return mask;
  native.anyMapForEach(types, (callbacks, type) => {
    let any = false;
    native.anyMapForEach(callbacks as Map<unknown, Phases>, (phases) => {
      any ||= present((phases as Phases).bubble) || present((phases as Phases).capture);
    });
    if (any) mask |= bits[type as string] ?? 0;
  });
  return mask;
}

/** Whether any of the element's listeners ends with a signal: its mask may change without a call of ours. */
export function hasSignalled(element: Element): boolean {
  const types = typesOf(element);
  let found = false;
  if (types !== undefined)
    native.anyMapForEach(types, (callbacks) => {
      native.anyMapForEach(callbacks as Map<unknown, Phases>, (phases) => {
        found ||= typeof (phases as Phases).bubble === "object" || typeof (phases as Phases).capture === "object";
      });
    });
  return found;
}

function present(registration: Registration): boolean {
  return registration === true || (typeof registration === "object" && !native.signalAborted(registration));
}
