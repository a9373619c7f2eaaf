import { frameworkHandlerScanner } from "./frameworkHandlerScan.js";
import { HANDLER_TYPES, handlerBitTable } from "../../shared/handlerTypes.js";
import * as native from "./mainWorldIntrinsics.js";
import { lookNative } from "./nativeLooking.js";
import { handlerMask, hasSignalled, listenerAdded, listenerRemoved, propertySet } from "./listenerLedger.js";
import { convertAddOptions, convertRemoveOptions } from "./listenerOptions.js";
import {
  ACK_EVENT,
  CLOSED_ROOT_EVENT,
  FRAMEWORK_HANDLER_EVENT,
  HELLO_EVENT,
  LISTENER_EVENT,
  READY_EVENT,
  SCAN_EVENT,
} from "./recordChannel.js";

/**
 * MAIN world, document_start, before any page script: records which elements get closed
 * shadow roots and click, pointer, mouse or key listeners, and reports them to the isolated
 * world over the private channel (recordChannel.ts). On the isolated world's request it also
 * reads the handlers frameworks keep on nodes (frameworkHandlerScan.ts). The natives are
 * captured before the page can replace them (mainWorldIntrinsics.ts), so a page can neither
 * forge records nor keep its own from us.
 */
(() => {
  const bits = handlerBitTable();
  /** Records made before the handshake (scripts cannot run before it, but be safe). */
  const pending: Array<[string, Element, number]> = [];
  let channel: EventTarget | null = null;

  const send = (kind: string, target: Element, mask: number): void => {
    if (channel === null) {
      if (pending.length < 10_000) pending.push([kind, target, mask]);
      return;
    }
    native.dispatch(channel, native.channelEvent(kind, target, mask));
  };
  // An event's relatedTarget is retargeted to the shadow host, so an element inside a shadow
  // tree would be recorded on its host: those are left to read_page_deep's CDP discovery.
  const sendLight = (kind: string, target: Element, mask: number): void => {
    if (!native.isShadowRoot(native.getRootNode(target))) send(kind, target, mask);
  };

  /** Elements with a listener that ends with an AbortSignal, and the mask last reported for them. */
  const signalled = new native.NativeMap<Element, number>();
  /** The element's handler types now, reported whole: the isolated world keeps the last report (recordReceiver.iife.ts). */
  const report = (element: Element): void => {
    const mask = handlerMask(element, bits);
    if (native.mapHas(signalled, element)) native.mapSet(signalled, element, mask);
    sendLight(LISTENER_EVENT, element, mask);
  };
  /** A signal aborts without a call of ours: before each snapshot, the masks it may have changed. */
  const reportAborted = (): void => {
    native.mapForEach(signalled, (last, element) => {
      const mask = handlerMask(element, bits);
      if (mask !== last) report(element);
      if (!hasSignalled(element)) native.mapDelete(signalled, element);
    });
  };

  const scan = frameworkHandlerScanner((element, mask) => sendLight(FRAMEWORK_HANDLER_EVENT, element, mask));
  const onScan = (): void => {
    reportAborted();
    scan(document);
  };
  const onHello = (event: Event): void => {
    const target = (event as MouseEvent).relatedTarget;
    if (channel !== null || target === null) return;
    channel = target;
    native.removeListener(document, HELLO_EVENT, onHello, true);
    native.addListener(channel, SCAN_EVENT, onScan);
    native.dispatch(channel, new native.NativeEvent(ACK_EVENT));
    for (const [kind, element, mask] of pending.splice(0)) send(kind, element, mask);
  };
  native.addListener(document, HELLO_EVENT, onHello, true);
  native.dispatch(document, new native.NativeEvent(READY_EVENT));

  const replacements = {
    attachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
      const root = native.attachShadow(this, init);
      if (native.shadowRootMode(root) === "closed") send(CLOSED_ROOT_EVENT, this, 0);
      return root;
    },
    // Named parameters, not a spread: spreading would run the page's Array.prototype[Symbol.iterator].
    addEventListener(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown): void {
      // The type and the options are converted once and the browser gets those values: a type
      // object whose toString answers "x" to us and "click" to the browser would hide the
      // listener. Recorded only once the browser took it: a null listener adds nothing, so it
      // records nothing, and a call the browser refuses (a symbol type, a bad signal) neither.
      const name = eventType(type);
      const converted = convertAddOptions(options);
      native.addListener(this, name as string, listener, converted.forBrowser);
      if (listener === null || listener === undefined || typeof name !== "string" || (bits[name] ?? 0) === 0 || !native.isElement(this))
        return;
      listenerAdded(this, name, listener, converted.capture, converted.signal);
      if (converted.signal !== undefined) native.mapSet(signalled, this, 0);
      report(this);
    },
    removeEventListener(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown): void {
      const name = eventType(type);
      const converted = convertRemoveOptions(options);
      native.removeListener(this, name as string, listener, converted.forBrowser);
      if (typeof name !== "string" || (bits[name] ?? 0) === 0 || !native.isElement(this)) return;
      listenerRemoved(this, name, listener, converted.capture);
      report(this);
    },
  };
  Element.prototype.attachShadow = lookNative(replacements.attachShadow, Element.prototype.attachShadow);
  EventTarget.prototype.addEventListener = lookNative(replacements.addEventListener, EventTarget.prototype.addEventListener);
  EventTarget.prototype.removeEventListener = lookNative(replacements.removeEventListener, EventTarget.prototype.removeEventListener);

  // `element.onmouseup = fn` sets no attribute; record every handler type's property as a
  // listener too, on HTML and SVG elements alike, or a page could hide a handler behind one.
  for (const prototype of [HTMLElement.prototype, SVGElement.prototype]) {
    for (const type of HANDLER_TYPES) {
      const property = `on${type}`;
      const descriptor = Object.getOwnPropertyDescriptor(prototype, property);
      const setter = descriptor?.set;
      if (descriptor === undefined || setter === undefined) continue;
      const set = native.uncurry(setter);
      const bit = bits[type] ?? 0;
      const recording = {
        set(this: Element, value: unknown) {
          set(this, value);
          // A value that is not callable clears the handler, as the browser does with it.
          if (!native.isElement(this)) return;
          propertySet(this, bit, typeof value === "function");
          report(this);
        },
      };
      Object.defineProperty(prototype, property, { ...descriptor, set: lookNative(recording.set, setter) });
    }
  }
})();

/** An event type converted to a string once, as the browser converts it (a symbol is left for the browser to refuse). */
function eventType(type: unknown): string | symbol {
  return typeof type === "string" || typeof type === "symbol" ? type : native.NativeString(type);
}
