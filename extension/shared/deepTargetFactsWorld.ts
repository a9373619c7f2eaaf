/**
 * The isolated world in which the worker reads the form facts of a deep ref's element
 * (extension/background/deep/deepTargetFacts.ts): a CDP world of the element's own frame, which
 * the page cannot reach, running the content script's own fact readers
 * (extension/content/deepFacts/deepTargetFacts.iife.ts).
 */
export const DEEP_FACTS_WORLD = "weboperator-deep-facts";

/** The world's global that describes one element: `globalThis[Symbol.for(DEEP_FACTS_KEY)](element)`. */
export const DEEP_FACTS_KEY = "wo\u2060.deepTargetFacts";

/** The built script the worker evaluates in that world (vite.config.ts builds it beside the content scripts). */
export const DEEP_FACTS_SCRIPT = "content/deepFacts/deepTargetFacts.iife.js";
