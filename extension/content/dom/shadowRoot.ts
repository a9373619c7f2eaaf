import { pageRecord } from "../pageRecord/pageRecord.js";
import * as dom from "./intrinsics.js";

interface ChromeDomApi {
  openOrClosedShadowRoot(element: HTMLElement): ShadowRoot | null;
}

/**
 * Content scripts may see closed shadow roots through chrome.dom; pages (and tests that
 * load this code into the main world) may not, so its absence is normal.
 */
function chromeDomApi(): ChromeDomApi | null {
  const chromeGlobal: unknown = (globalThis as { chrome?: unknown }).chrome;
  if (typeof chromeGlobal !== "object" || chromeGlobal === null) return null;
  const dom: unknown = (chromeGlobal as { dom?: unknown }).dom;
  if (typeof dom !== "object" || dom === null) return null;
  const fn: unknown = (dom as { openOrClosedShadowRoot?: unknown }).openOrClosedShadowRoot;
  return typeof fn === "function" ? (dom as ChromeDomApi) : null;
}

const domApi = chromeDomApi();

/**
 * Closed roots are looked for on custom elements (names with a dash), where components
 * attach them, and on hosts the MAIN-world recorder saw get one (a plain div a page script
 * gave a closed root); asking for every element of a large page would cost time.
 */
export function shadowRootOf(element: Element): ShadowRoot | null {
  if (dom.shadowRoot(element) !== null) return dom.shadowRoot(element);
  if (domApi === null) return null;
  if (!dom.localName(element).includes("-") && pageRecord()?.closedHosts.has(element) !== true) return null;
  try {
    return domApi.openOrClosedShadowRoot(element as HTMLElement);
  } catch {
    return null;
  }
}
