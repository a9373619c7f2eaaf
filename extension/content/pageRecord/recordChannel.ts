/**
 * The private channel between the MAIN-world recorder and the isolated world. Handshake at
 * document_start, before any page script: the isolated side hands the recorder a detached
 * element as an event's relatedTarget (DOM nodes cross worlds, JS objects do not); records
 * then travel as events on that element, which the page never gets a reference to. An event's
 * `detail` carries the handler types as a bit mask (extension/shared/handlerTypes.ts).
 */
export const HELLO_EVENT = "weboperator-record-hello";
export const READY_EVENT = "weboperator-record-ready";
export const ACK_EVENT = "weboperator-record-ack";
export const CLOSED_ROOT_EVENT = "weboperator-record-closed-root";
export const LISTENER_EVENT = "weboperator-record-listener";
/** Isolated world to MAIN world: read the frameworks' handler bookkeeping now. */
export const SCAN_EVENT = "weboperator-record-scan";
/** MAIN world to isolated world, during a scan: one element a framework handles events for. */
export const FRAMEWORK_HANDLER_EVENT = "weboperator-record-framework-handler";
