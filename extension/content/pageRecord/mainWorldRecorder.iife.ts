import { frameworkHandlerScanner } from "./frameworkHandlerScan.js";
import { HANDLER_TYPES, handlerBitTable } from "../../shared/handlerTypes.js";
import * as native from "./mainWorldIntrinsics.js";
import { lookNative } from "./nativeLooking.js";
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

  const scan = frameworkHandlerScanner((element, mask) => sendLight(FRAMEWORK_HANDLER_EVENT, element, mask));
  const onScan = (): void => scan(document);
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
    addEventListener(
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ): void {
      // The type is converted once and the browser gets that string: a type object whose
      // toString answers "x" to us and "click" to the browser would hide the listener. A null
      // listener adds nothing, so it records nothing: no handler without one behind it.
      const given: unknown = type;
      const name = typeof given === "string" || typeof given === "symbol" ? given : native.NativeString(given);
      const bit = typeof name === "string" ? (bits[name] ?? 0) : 0;
      if (bit !== 0 && listener !== null && listener !== undefined && native.isElement(this)) sendLight(LISTENER_EVENT, this, bit);
      native.addListener(this, name as string, listener, options);
    },
  };
  Element.prototype.attachShadow = lookNative(replacements.attachShadow, Element.prototype.attachShadow);
  EventTarget.prototype.addEventListener = lookNative(replacements.addEventListener, EventTarget.prototype.addEventListener);

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
          if (typeof value === "function") sendLight(LISTENER_EVENT, this, bit);
          set(this, value);
        },
      };
      Object.defineProperty(prototype, property, { ...descriptor, set: lookNative(recording.set, setter) });
    }
  }
})();
