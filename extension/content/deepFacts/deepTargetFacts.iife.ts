import { describeElement } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { targetFacts } from "../actionability/judgedTargets.js";
import * as dom from "../dom/intrinsics.js";
import { DEEP_FACTS_KEY } from "../../shared/deepTargetFactsWorld.js";

/**
 * Evaluated by the worker in a CDP isolated world of a deep ref's frame (a cross-origin iframe's
 * form, a closed shadow root's button), never in the page's world: the same fact readers the
 * top frame's content script judges a ref by (targetFacts: where its form posts, with which
 * fields and button, or where its link leads), read through the captured prototypes. Role and
 * name come from the accessibility tree the agent read, so only tag, type and facts are here.
 */
(() => {
  const key = Symbol.for(DEEP_FACTS_KEY);
  if (Object.getOwnPropertyDescriptor(globalThis, key) !== undefined) return;
  const describe = (element: unknown): unknown => {
    if (!(element instanceof Element)) return null;
    const layout = new LayoutCache();
    const descriptor = describeElement(element, layout);
    const multiline = element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && dom.isContentEditable(element));
    return { tag: descriptor.tag, type: descriptor.inputType, ...targetFacts(element, layout), ...(multiline ? { multiline: true } : {}) };
  };
  Object.defineProperty(globalThis, key, { value: describe, enumerable: false, writable: false, configurable: false });
})();
