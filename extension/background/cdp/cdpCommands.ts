import type { ProtocolMapping } from "devtools-protocol/types/protocol-mapping.js";

/**
 * CDP commands typed by devtools-protocol (the same package puppeteer-core uses), so a
 * method's parameters and its result are checked instead of cast by hand.
 */
export type CdpMethod = keyof ProtocolMapping.Commands;
export type CdpParams<M extends CdpMethod> = ProtocolMapping.Commands[M]["paramsType"];
export type CdpResult<M extends CdpMethod> = ProtocolMapping.Commands[M]["returnType"];
export type CdpEventName = keyof ProtocolMapping.Events;
export type CdpEventParams<E extends CdpEventName> = ProtocolMapping.Events[E][0];

/** chrome.debugger takes a plain object; CDP's parameter types are plain objects too. */
export function paramsObject(params: readonly unknown[]): { [key: string]: unknown } | undefined {
  const [first] = params;
  return typeof first === "object" && first !== null ? (first as { [key: string]: unknown }) : undefined;
}
