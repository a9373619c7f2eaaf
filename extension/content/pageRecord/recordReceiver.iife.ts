import { ACK_EVENT, CLOSED_ROOT_EVENT, HELLO_EVENT, LISTENER_EVENT, READY_EVENT } from "./recordChannel.js";
import { PAGE_RECORD_KEY, type PageRecord } from "./pageRecord.js";

/**
 * Isolated world, document_start: the receiving end of the MAIN-world recorder. Keeps the
 * records in this world's global (shared with the content script, invisible to the page).
 * Whichever of the two scripts runs first, the handshake completes before page scripts run.
 */
(() => {
  if (Object.getOwnPropertyDescriptor(globalThis, PAGE_RECORD_KEY) !== undefined) return;
  const record: PageRecord = { closedHosts: new WeakSet(), listenerTargets: new WeakSet() };
  Object.defineProperty(globalThis, PAGE_RECORD_KEY, { value: record, enumerable: false, writable: false, configurable: false });

  const channel = document.createElement("span");
  const recorded = (into: WeakSet<Element>) => (event: Event): void => {
    const target = (event as MouseEvent).relatedTarget;
    if (target instanceof Element) into.add(target);
  };
  channel.addEventListener(CLOSED_ROOT_EVENT, recorded(record.closedHosts));
  channel.addEventListener(LISTENER_EVENT, recorded(record.listenerTargets));

  const hello = (): void => {
    document.dispatchEvent(new MouseEvent(HELLO_EVENT, { relatedTarget: channel }));
  };
  // Answered once: after the recorder's ack, a page dispatching "ready" learns nothing.
  const onReady = (): void => hello();
  channel.addEventListener(ACK_EVENT, () => document.removeEventListener(READY_EVENT, onReady, true), { once: true });
  document.addEventListener(READY_EVENT, onReady, true);
  hello();
})();
