/**
 * The private channel between the MAIN-world recorder and the isolated world (issue 7).
 * Handshake at document_start, before any page script: the isolated side hands the recorder
 * a detached element as an event's relatedTarget (DOM nodes cross worlds, JS objects do not);
 * records then travel as events on that element, which the page never gets a reference to.
 */
export const HELLO_EVENT = "weboperator-record-hello";
export const READY_EVENT = "weboperator-record-ready";
export const ACK_EVENT = "weboperator-record-ack";
export const CLOSED_ROOT_EVENT = "weboperator-record-closed-root";
export const LISTENER_EVENT = "weboperator-record-listener";

/** Listener types that make an element something a user clicks or types into. */
export const RECORDED_LISTENER_TYPES: readonly string[] = [
  "click", "dblclick", "auxclick", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "touchend", "keydown", "keyup", "keypress",
];
