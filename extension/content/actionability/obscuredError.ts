import { WebOperatorError } from "../../../protocol/errors.js";
import { describeElement, formatDescriptor } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { ActionTarget } from "../actions/actionTarget.js";
import * as dom from "../dom/intrinsics.js";

/** The `obscured` answer: what covers the target and would receive the input instead. */
export function obscured(target: ActionTarget, hit: Element, purpose: string, when = ""): WebOperatorError {
  const cover = formatDescriptor(describeElement(hit, new LayoutCache()));
  const id = dom.id(hit);
  return new WebOperatorError(
    "obscured",
    `${target.ref} (${target.described}) is covered at its centre${when} by ${cover} <${dom.localName(hit)}${id ? `#${id}` : ""}>, which would receive the ${purpose}. ` +
      "Close or dismiss the covering element first (it is in browser.snapshot), or scroll so the target is clear.",
  );
}
