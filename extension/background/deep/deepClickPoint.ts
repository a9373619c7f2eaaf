import { WebOperatorError } from "../../../protocol/index.js";
import { cdpSend, cdpTry } from "./cdpTarget.js";
import type { ResolvedDeepRef } from "./resolveDeepRef.js";

type Quad = number[];

/**
 * Scrolls a deep-ref element into view and returns its centre in the top-level viewport:
 * content quads are local to the element's own (possibly out-of-process) frame, so the
 * content-box origin of each <iframe> owner on the way up is added.
 */
export async function deepClickPoint(resolved: ResolvedDeepRef): Promise<{ x: number; y: number }> {
  const owners = resolved.binding.owners;
  for (const owner of [...owners].reverse()) await cdpTry(owner.target, "DOM.scrollIntoViewIfNeeded", { backendNodeId: owner.backendNodeId });
  await cdpTry(resolved.target, "DOM.scrollIntoViewIfNeeded", { backendNodeId: resolved.backendNodeId });
  const quads = await cdpTry(resolved.target, "DOM.getContentQuads", { backendNodeId: resolved.backendNodeId });
  const quad = quads?.quads.find((candidate) => area(candidate) >= 1);
  if (!quad) {
    throw new WebOperatorError("not_actionable", `The element of ${resolved.binding.ref} has no visible box (hidden, collapsed or zero-sized). Read the page again and pick a visible element.`);
  }
  let x = (at(quad, 0) + at(quad, 2) + at(quad, 4) + at(quad, 6)) / 4;
  let y = (at(quad, 1) + at(quad, 3) + at(quad, 5) + at(quad, 7)) / 4;
  await assertHitsTarget(resolved, x, y);
  for (const owner of owners) {
    const box = await cdpTry(owner.target, "DOM.getBoxModel", { backendNodeId: owner.backendNodeId });
    if (!box) throw new WebOperatorError("not_actionable", `The iframe that holds ${resolved.binding.ref} has no box in its parent page.`);
    x += at(box.model.content, 0);
    y += at(box.model.content, 1);
  }
  const metrics = await cdpSend({ tabId: resolved.tabId, sessionId: undefined }, "Page.getLayoutMetrics");
  if (x < 0 || y < 0 || x > metrics.cssVisualViewport.clientWidth || y > metrics.cssVisualViewport.clientHeight) {
    throw new WebOperatorError("not_actionable", `The element of ${resolved.binding.ref} could not be scrolled into the viewport (its centre is at ${Math.round(x)},${Math.round(y)}).`);
  }
  return { x, y };
}

/** The element (or something inside it) must be what a click at that point would hit. */
async function assertHitsTarget(resolved: ResolvedDeepRef, x: number, y: number): Promise<void> {
  const hit = await cdpTry(resolved.target, "DOM.getNodeForLocation", { x: Math.round(x), y: Math.round(y), includeUserAgentShadowDOM: true, ignorePointerEventsNone: false });
  if (!hit || hit.backendNodeId === resolved.backendNodeId) return;
  const hitObject = await cdpTry(resolved.target, "DOM.resolveNode", { backendNodeId: hit.backendNodeId, objectGroup: "weboperator-deep-action" });
  const hitId = hitObject?.object.objectId;
  if (hitId === undefined) return;
  const inside = await cdpTry(resolved.target, "Runtime.callFunctionOn", {
    objectId: resolved.objectId,
    functionDeclaration: "function (hit) { for (let n = hit; n; n = n.parentNode || n.host || null) if (n === this) return true; return false; }",
    arguments: [{ objectId: hitId }],
    returnByValue: true,
  });
  if (inside?.result.value === false) {
    const described = await cdpTry(resolved.target, "DOM.describeNode", { backendNodeId: hit.backendNodeId });
    const what = described ? describe(described.node) : "another element";
    throw new WebOperatorError("obscured", `The click point of ${resolved.binding.ref} is covered by ${what}. Close or scroll away what covers it, then read the page again.`);
  }
}

function describe(node: { localName: string; attributes?: string[] }): string {
  const attributes = node.attributes ?? [];
  const get = (name: string): string | undefined => attributes[attributes.indexOf(name) + 1];
  const id = attributes.includes("id") ? `#${get("id") ?? ""}` : "";
  const className = attributes.includes("class") ? `.${(get("class") ?? "").trim().split(/\s+/).join(".")}` : "";
  return `<${node.localName}${id}${className}>`;
}

function at(quad: Quad, index: number): number {
  return quad[index] ?? 0;
}

function area(quad: Quad): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += at(quad, 2 * i) * at(quad, 2 * ((i + 1) % 4) + 1) - at(quad, 2 * ((i + 1) % 4)) * at(quad, 2 * i + 1);
  return Math.abs(sum) / 2;
}
