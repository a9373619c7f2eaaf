import { WebOperatorError } from "../../../protocol/index.js";
import { quadArea, quadCentre, toTopPoint } from "../../shared/geometry.js";
import { ownerFrameTransform } from "./ownerFrameTransform.js";
import { cdpSend, cdpTry } from "./cdpTarget.js";
import type { ResolvedDeepRef } from "./resolveDeepRef.js";

/**
 * Scrolls a deep-ref element into view and returns its centre in the top-level viewport:
 * content quads are local to the element's own (possibly out-of-process) frame, so each
 * out-of-process <iframe> owner on the way up maps the point through its content box,
 * scaled as the owner is drawn.
 */
export async function deepClickPoint(resolved: ResolvedDeepRef): Promise<{ x: number; y: number }> {
  const owners = resolved.binding.owners;
  for (const owner of [...owners].reverse())
    await cdpTry(owner.target, "DOM.scrollIntoViewIfNeeded", { backendNodeId: owner.backendNodeId });
  await cdpTry(resolved.target, "DOM.scrollIntoViewIfNeeded", { backendNodeId: resolved.backendNodeId });
  const quads = await cdpTry(resolved.target, "DOM.getContentQuads", { backendNodeId: resolved.backendNodeId });
  const quad = quads?.quads.find((candidate) => quadArea(candidate) >= 1);
  if (!quad) {
    throw new WebOperatorError(
      "not_actionable",
      `The element of ${resolved.binding.ref} has no visible box (hidden, collapsed or zero-sized). Read the page again and pick a visible element.`,
    );
  }
  let { x, y } = quadCentre(quad);
  await assertHitsTarget(resolved, x, y);
  for (const owner of owners) ({ x, y } = toTopPoint(await ownerFrameTransform(owner, resolved.binding.ref), { x, y }));
  const metrics = await cdpSend({ tabId: resolved.tabId, sessionId: undefined }, "Page.getLayoutMetrics");
  if (x < 0 || y < 0 || x > metrics.cssVisualViewport.clientWidth || y > metrics.cssVisualViewport.clientHeight) {
    throw new WebOperatorError(
      "not_actionable",
      `The element of ${resolved.binding.ref} could not be scrolled into the viewport (its centre is at ${Math.round(x)},${Math.round(y)}).`,
    );
  }
  return { x, y };
}

/** The element (or something inside it) must be what a click at that point would hit. */
async function assertHitsTarget(resolved: ResolvedDeepRef, x: number, y: number): Promise<void> {
  const hit = await cdpTry(resolved.target, "DOM.getNodeForLocation", {
    x: Math.round(x),
    y: Math.round(y),
    includeUserAgentShadowDOM: true,
    ignorePointerEventsNone: false,
  });
  if (!hit || hit.backendNodeId === resolved.backendNodeId) return;
  const hitObject = await cdpTry(resolved.target, "DOM.resolveNode", {
    backendNodeId: hit.backendNodeId,
    objectGroup: "weboperator-deep-action",
  });
  const hitId = hitObject?.object.objectId;
  if (hitId === undefined) return;
  const inside = await cdpTry(resolved.target, "Runtime.callFunctionOn", {
    objectId: resolved.objectId,
    functionDeclaration:
      "function (hit) { for (let n = hit; n; n = n.parentNode || n.host || null) if (n === this) return true; return false; }",
    arguments: [{ objectId: hitId }],
    returnByValue: true,
  });
  if (inside?.result.value === false) {
    const described = await cdpTry(resolved.target, "DOM.describeNode", { backendNodeId: hit.backendNodeId });
    const what = described ? describe(described.node) : "another element";
    throw new WebOperatorError(
      "obscured",
      `The click point of ${resolved.binding.ref} is covered by ${what}. Close or scroll away what covers it, then read the page again.`,
    );
  }
}

function describe(node: { localName: string; attributes?: string[] }): string {
  const attributes = node.attributes ?? [];
  const get = (name: string): string | undefined => attributes[attributes.indexOf(name) + 1];
  const id = attributes.includes("id") ? `#${get("id") ?? ""}` : "";
  const className = attributes.includes("class") ? `.${(get("class") ?? "").trim().split(/\s+/).join(".")}` : "";
  return `<${node.localName}${id}${className}>`;
}
