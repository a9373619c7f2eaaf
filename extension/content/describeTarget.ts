import type { ContentResult } from "../../protocol/contentReplies.js";
import { describeElement } from "./accessibility/elementDescriptor.js";
import { LayoutCache } from "./dom/layoutCache.js";
import { rememberJudged, targetFacts } from "./actionability/judgedTargets.js";
import { controlAt } from "./actionability/pointJudgement.js";
import { rememberJudgedFocus } from "./actionability/focusJudgement.js";
import { deepActiveElement } from "./dom/deepActiveElement.js";
import type { RefRegistry } from "./refs/refRegistry.js";
import { enterInsertsLine } from "./enterInsertsLine.js";
import * as dom from "./dom/intrinsics.js";

type Described = ContentResult<"describe_ref">;

/**
 * The "describe_ref" op: what the gatekeeper needs to classify an action before it runs.
 * The ref's element, the control under a point (click_xy), or without either the focused
 * element, which a bare Enter key would act on.
 */
export function describeTarget(registry: RefRegistry, request: { ref?: string; point?: { x: number; y: number } }): Described {
  const resolved = request.ref === undefined ? null : registry.resolve(request.ref);
  const focused = resolved === null && request.point === undefined;
  const element = resolved?.element ?? (request.point === undefined ? deepActiveElement(document) : controlAt(request.point));
  // A key press without a ref goes where focus is at dispatch: it must be this element then.
  if (focused) rememberJudgedFocus(element);
  if (element === null) {
    return { ref: null, role: "", name: "", tag: "", type: "", submitsForm: false, inForm: false, formHasPassword: false };
  }
  const layout = new LayoutCache();
  const descriptor = describeElement(element, layout);
  const facts = targetFacts(element, layout);
  // The gatekeeper judges what this answer says: the input's last check compares against it.
  rememberJudged(element, facts);
  return {
    ref: resolved?.ref ?? null,
    role: descriptor.role,
    name: descriptor.name,
    tag: descriptor.tag,
    type: descriptor.inputType,
    ...facts,
    ...(dom.localName(element) === "textarea" || dom.isContentEditable(element as HTMLElement)
      ? { multiline: true, enterInsertsLine: enterInsertsLine(element) }
      : {}),
  };
}
