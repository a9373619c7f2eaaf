import { WebOperatorError } from "../../../protocol/index.js";
import { uprightQuadTransform, type FrameTransform } from "../../shared/geometry.js";
import { cdpTry, type CdpTarget } from "./cdpTarget.js";

/** The owner's content box before any transform or zoom: its client size less its padding. */
const UNSCALED_CONTENT_SIZE = `function () {
  const style = getComputedStyle(this);
  const px = (value) => parseFloat(value) || 0;
  return [this.clientWidth - px(style.paddingLeft) - px(style.paddingRight), this.clientHeight - px(style.paddingTop) - px(style.paddingBottom)];
}`;

/**
 * How an out-of-process iframe's viewport maps into its owner's: its content quad as drawn,
 * over its unscaled content size. Axis-aligned scaling and translation map exactly; a
 * rotated, skewed or mirrored owner is unsupported_frame, since trusted input must not land
 * on an approximate point.
 */
export async function ownerFrameTransform(owner: { target: CdpTarget; backendNodeId: number }, ref: string): Promise<FrameTransform> {
  const box = await cdpTry(owner.target, "DOM.getBoxModel", { backendNodeId: owner.backendNodeId });
  if (!box) throw new WebOperatorError("not_actionable", `The iframe that holds ${ref} has no box in its parent page.`);
  const resolved = await cdpTry(owner.target, "DOM.resolveNode", {
    backendNodeId: owner.backendNodeId,
    objectGroup: "weboperator-deep-action",
  });
  const objectId = resolved?.object.objectId;
  const measured =
    objectId === undefined
      ? null
      : await cdpTry(owner.target, "Runtime.callFunctionOn", { objectId, functionDeclaration: UNSCALED_CONTENT_SIZE, returnByValue: true });
  const size: unknown = measured?.result.value;
  if (!Array.isArray(size) || typeof size[0] !== "number" || typeof size[1] !== "number")
    throw new WebOperatorError(
      "not_actionable",
      `The iframe that holds ${ref} could not be measured in its parent page; read the page again.`,
    );
  const transform = uprightQuadTransform(box.model.content, { width: size[0], height: size[1] });
  if (typeof transform === "string") {
    throw new WebOperatorError(
      "unsupported_frame",
      `The iframe that holds ${ref} cannot be mapped to exact coordinates: ${transform}. Trusted input there would land on an approximate point; ` +
        "use browser.screenshot and browser.click_xy on what you see, or act in the page the frame shows.",
    );
  }
  return transform;
}
