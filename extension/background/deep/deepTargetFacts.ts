import { WebOperatorError, contentResultSchema, describeZodError, type ContentResult } from "../../../protocol/index.js";
import { DEEP_FACTS_KEY, DEEP_FACTS_SCRIPT, DEEP_FACTS_WORLD } from "../../shared/deepTargetFactsWorld.js";
import { cdpSend, sessionKey } from "./cdpTarget.js";
import type { ResolvedDeepRef } from "./resolveDeepRef.js";

type DescribedTarget = ContentResult<"describe_ref">;

const OBJECT_GROUP = "weboperator-deep-facts";
/** Worlds kept per frame document; a page with more frames than this pays a new world for the others. */
const MAX_WORLDS = 64;

/** The fact readers' source, read once per worker life from the extension's own files. */
let source: Promise<string> | null = null;
/** `${tabId}|${session}|${frameId}|${loaderId}` → the execution context of the world that has the readers. */
const worlds = new Map<string, number>();

/**
 * What the gatekeeper judges a deep ref's element by, as it judges a top frame's ref
 * (describe_ref): its role and name as the accessibility tree gave them, and the facts of its
 * form or link read in a CDP isolated world of the element's own frame, which the page cannot
 * reach, by the content script's own readers (deepTargetFacts.iife.ts). A cross-origin frame's
 * payment form is then judged by its fields, its button and where it posts. A world that cannot
 * be made or answers nothing usable refuses the write (page_checks_failed): what it would send
 * is unknown, so it is never let through on its name alone.
 */
export async function describeDeepTarget(resolved: ResolvedDeepRef): Promise<DescribedTarget> {
  const { ref, role, name } = resolved.binding;
  let facts: unknown;
  try {
    facts = await readFacts(resolved, false).catch(() => readFacts(resolved, true));
  } catch (error) {
    throw deepChecksFailed(ref, error instanceof Error ? error.message : String(error));
  }
  const described = contentResultSchema("describe_ref").safeParse({ ...(facts as object), ref, role, name });
  if (facts === null || typeof facts !== "object" || !described.success)
    throw deepChecksFailed(ref, described.success ? "no element to describe" : describeZodError(described.error, "facts"));
  return described.data;
}

/** `fresh`: a new world even if one is known (the document behind a kept one may have gone). */
async function readFacts(resolved: ResolvedDeepRef, fresh: boolean): Promise<unknown> {
  const contextId = await worldOf(resolved, fresh);
  const node = await cdpSend(resolved.target, "DOM.resolveNode", {
    backendNodeId: resolved.backendNodeId,
    executionContextId: contextId,
    objectGroup: OBJECT_GROUP,
  });
  const objectId = node.object.objectId;
  if (objectId === undefined) throw new Error("the element has no object in the facts world");
  try {
    const answer = await cdpSend(resolved.target, "Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: `function () { return globalThis[Symbol.for(${JSON.stringify(DEEP_FACTS_KEY)})](this); }`,
      returnByValue: true,
    });
    if (answer.exceptionDetails !== undefined)
      throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
    return answer.result.value;
  } finally {
    // Not waited for: the write goes on while the handle is let go.
    void cdpSend(resolved.target, "Runtime.releaseObjectGroup", { objectGroup: OBJECT_GROUP }).catch(() => undefined);
  }
}

async function worldOf(resolved: ResolvedDeepRef, fresh: boolean): Promise<number> {
  const key = `${resolved.tabId}|${sessionKey(resolved.target)}|${resolved.frameId}|${resolved.binding.loaderId}`;
  const known = worlds.get(key);
  if (known !== undefined && !fresh) return known;
  const created = await cdpSend(resolved.target, "Page.createIsolatedWorld", { frameId: resolved.frameId, worldName: DEEP_FACTS_WORLD });
  const evaluated = await cdpSend(resolved.target, "Runtime.evaluate", {
    expression: await readersSource(),
    contextId: created.executionContextId,
    returnByValue: true,
  });
  if (evaluated.exceptionDetails !== undefined)
    throw new Error(
      `the fact readers did not load: ${evaluated.exceptionDetails.exception?.description ?? evaluated.exceptionDetails.text}`,
    );
  worlds.delete(key);
  worlds.set(key, created.executionContextId);
  if (worlds.size > MAX_WORLDS) worlds.delete(worlds.keys().next().value ?? "");
  return created.executionContextId;
}

function readersSource(): Promise<string> {
  source ??= fetch(chrome.runtime.getURL(DEEP_FACTS_SCRIPT)).then((response) => {
    if (!response.ok) throw new Error(`${DEEP_FACTS_SCRIPT} is missing from the extension (${response.status})`);
    return response.text();
  });
  // A failed read is not kept: the next judgement reads again.
  source.catch(() => {
    source = null;
  });
  return source;
}

function deepChecksFailed(ref: string, why: string): WebOperatorError {
  return new WebOperatorError(
    "page_checks_failed",
    `The write was not dispatched: the gatekeeper could not read what ${ref}'s element would send (${why}). ` +
      "Call browser.read_page_deep again and retry with a ref from that read; reload the page if it keeps failing.",
  );
}
