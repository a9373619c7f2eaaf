import { ACK_EVENT, CLOSED_ROOT_EVENT, HELLO_EVENT, LISTENER_EVENT, READY_EVENT, RECORDED_LISTENER_TYPES } from "./recordChannel.js";

/**
 * MAIN world, document_start, before any page script: records which elements get closed
 * shadow roots and click, pointer, mouse or key listeners, and reports them to the isolated
 * world over the private channel (recordChannel.ts). The natives are captured before the
 * page can replace them, so a page can neither forge records nor keep its own from us.
 */
(() => {
  const addListener = EventTarget.prototype.addEventListener;
  const removeListener = EventTarget.prototype.removeEventListener;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const attachShadow = Element.prototype.attachShadow;
  const NativeMouseEvent = MouseEvent;
  const NativeEvent = Event;
  const NativeElement = Element;
  const NativeShadowRoot = ShadowRoot;
  const getRootNode = Node.prototype.getRootNode;
  const recordedTypes = new Set(RECORDED_LISTENER_TYPES);
  /** Records made before the handshake (scripts cannot run before it, but be safe). */
  const pending: Array<[string, Element]> = [];
  let channel: EventTarget | null = null;

  const send = (kind: string, target: Element): void => {
    if (channel === null) {
      if (pending.length < 10_000) pending.push([kind, target]);
      return;
    }
    dispatch.call(channel, new NativeMouseEvent(kind, { relatedTarget: target }));
  };

  const onHello = (event: Event): void => {
    const target = (event as MouseEvent).relatedTarget;
    if (channel !== null || target === null) return;
    channel = target;
    removeListener.call(document, HELLO_EVENT, onHello, true);
    dispatch.call(channel, new NativeEvent(ACK_EVENT));
    for (const [kind, element] of pending.splice(0)) send(kind, element);
  };
  addListener.call(document, HELLO_EVENT, onHello, true);
  dispatch.call(document, new NativeEvent(READY_EVENT));

  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attachShadow.call(this, init);
    if (init.mode === "closed") send(CLOSED_ROOT_EVENT, this);
    return root;
  };

  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]): void {
    // An event's relatedTarget is retargeted to the shadow host, so a listener inside a shadow
    // tree would be recorded on its host: those are left to read_page_deep's CDP discovery.
    if (recordedTypes.has(type) && this instanceof NativeElement && !(getRootNode.call(this) instanceof NativeShadowRoot)) send(LISTENER_EVENT, this);
    (addListener as (...args: unknown[]) => void).call(this, type, ...rest);
  };

  // `element.onclick = fn` sets no attribute; record it as a listener too.
  for (const property of ["onclick", "onmousedown", "onpointerdown"]) {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
    const setter = descriptor?.set;
    if (descriptor === undefined || setter === undefined) continue;
    Object.defineProperty(HTMLElement.prototype, property, {
      ...descriptor,
      set(this: HTMLElement, value: unknown) {
        if (typeof value === "function" && !(getRootNode.call(this) instanceof NativeShadowRoot)) send(LISTENER_EVENT, this);
        setter.call(this, value);
      },
    });
  }
})();
