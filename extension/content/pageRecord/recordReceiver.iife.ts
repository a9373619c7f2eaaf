import {
  ACK_EVENT,
  CLOSED_ROOT_EVENT,
  FRAMEWORK_HANDLER_EVENT,
  HELLO_EVENT,
  LISTENER_EVENT,
  READY_EVENT,
  SCAN_EVENT,
} from "./recordChannel.js";
import { PAGE_RECORD_KEY, type PageRecord } from "./pageRecord.js";
import { onDialogSignal } from "../dialogSignalListener.js";

/**
 * Isolated world, document_start: the receiving end of the MAIN-world recorder. Keeps the
 * records in this world's global (shared with the content script, invisible to the page).
 * Whichever of the two scripts runs first, the handshake completes before page scripts run.
 */
(() => {
  if (Object.getOwnPropertyDescriptor(globalThis, PAGE_RECORD_KEY) !== undefined) return;
  const channel = document.createElement("span");
  let changes = 0;
  const record: PageRecord = {
    get changes() {
      return changes;
    },
    closedHosts: new WeakSet(),
    listenerTypes: new WeakMap(),
    frameworkTypes: new WeakMap(),
    dialogSignalled: false,
    scanFrameworks() {
      // The MAIN world's listener answers within this dispatch, an event per element that changed.
      channel.dispatchEvent(new Event(SCAN_EVENT));
    },
  };
  Object.defineProperty(globalThis, PAGE_RECORD_KEY, { value: record, enumerable: false, writable: false, configurable: false });
  // Registered before any page script, so first on the window (dialogSignal.ts).
  onDialogSignal(() => {
    record.dialogSignalled = true;
  });

  const relatedElement = (event: Event): Element | null => {
    const target = (event as MouseEvent).relatedTarget;
    return target instanceof Element ? target : null;
  };
  /** A report is the element's whole mask now (a removed listener, a cleared on* property, a framework's dropped handler lower it); 0 for none. */
  const setTypes =
    (into: WeakMap<Element, number>) =>
    (event: Event): void => {
      const element = relatedElement(event);
      const mask = (event as MouseEvent).detail;
      changes++;
      if (element === null) return;
      if (mask === 0) into.delete(element);
      else into.set(element, mask);
    };
  channel.addEventListener(CLOSED_ROOT_EVENT, (event) => {
    const element = relatedElement(event);
    changes++;
    if (element !== null) record.closedHosts.add(element);
  });
  channel.addEventListener(LISTENER_EVENT, setTypes(record.listenerTypes));
  channel.addEventListener(FRAMEWORK_HANDLER_EVENT, setTypes(record.frameworkTypes));

  const hello = (): void => {
    document.dispatchEvent(new MouseEvent(HELLO_EVENT, { relatedTarget: channel }));
  };
  // Answered once: after the recorder's ack, a page dispatching "ready" learns nothing.
  const onReady = (): void => hello();
  channel.addEventListener(ACK_EVENT, () => document.removeEventListener(READY_EVENT, onReady, true), { once: true });
  document.addEventListener(READY_EVENT, onReady, true);
  hello();
})();
