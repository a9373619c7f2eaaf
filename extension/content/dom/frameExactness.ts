import { frameScale } from "../../shared/geometry.js";
import { composedParent } from "./composedTree.js";
import { frameBoxFacts } from "./frameGeometry.js";
import * as dom from "./intrinsics.js";

/** Half a pixel either way over the frame's width is rounding, not an unmodelled transform. */
const MEASURE_TOLERANCE_PX = 1;
const ANGLE_EPSILON = 1e-9;

/**
 * Why an iframe's viewport cannot be mapped exactly into its parent's, or null when it can:
 * only translation, positive axis-aligned scaling (transform, the `scale` property, zoom) and
 * a viewport that fills the content box can be undone exactly. The frame and every ancestor
 * in its document are read, since an ancestor's rotation turns the frame with it.
 */
export function whyFrameInexact(frame: Element, style: CSSStyleDeclaration): string | null {
  const view = dom.defaultView(dom.ownerDocument(frame)) ?? window;
  let expectedX = dom.currentCSSZoom(frame);
  let expectedY = dom.currentCSSZoom(frame);
  for (let node: Element | null = frame; node !== null; node = composedParent(node)) {
    const computed = node === frame ? style : view.getComputedStyle(node);
    const scale = axisAlignedScale(computed);
    if (typeof scale === "string") return `${scale} (on ${describe(node)})`;
    expectedX *= scale.x;
    expectedY *= scale.y;
  }
  const facts = frameBoxFacts(frame, undefined, style);
  const contentWidth = dom.clientWidth(frame) - facts.padding.left - facts.padding.right;
  const contentHeight = dom.clientHeight(frame) - facts.padding.top - facts.padding.bottom;
  if (
    Math.abs(facts.viewport.width - contentWidth) > MEASURE_TOLERANCE_PX ||
    Math.abs(facts.viewport.height - contentHeight) > MEASURE_TOLERANCE_PX
  ) {
    return `its document's ${facts.viewport.width}×${facts.viewport.height} viewport does not fill its ${contentWidth}×${contentHeight} content box, so where the viewport starts inside the padding is ambiguous`;
  }
  const measured = frameScale(facts);
  if (
    Math.abs(measured.scaleX - expectedX) * facts.viewport.width > MEASURE_TOLERANCE_PX ||
    Math.abs(measured.scaleY - expectedY) * facts.viewport.height > MEASURE_TOLERANCE_PX
  ) {
    return `it is drawn at ${round(measured.scaleX)}×${round(measured.scaleY)} where its transforms and zoom say ${round(expectedX)}×${round(expectedY)}`;
  }
  return null;
}

/** The element's own scale when its transform keeps axes aligned and unmirrored, else why not. */
function axisAlignedScale(style: CSSStyleDeclaration): { x: number; y: number } | string {
  if (style.offsetPath !== "none" && style.offsetPath !== "") return `moved along a motion path (offset-path: ${style.offsetPath})`;
  if (style.rotate !== "none" && style.rotate !== "" && Number.parseFloat(style.rotate.split(" ").at(-1) ?? "0") !== 0)
    return `rotated (rotate: ${style.rotate})`;
  let x = 1;
  let y = 1;
  if (style.scale !== "none" && style.scale !== "") {
    const [sx = 1, sy = sx, sz = 1] = style.scale.split(" ").map(Number);
    if (sz !== 1) return `scaled in 3D (scale: ${style.scale})`;
    if (!(sx > 0 && sy > 0)) return `mirrored or flattened (scale: ${style.scale})`;
    x *= sx;
    y *= sy;
  }
  if (style.transform !== "none" && style.transform !== "") {
    const matrix = new DOMMatrixReadOnly(style.transform);
    if (!matrix.is2D) return `transformed in 3D (transform: ${style.transform})`;
    if (Math.abs(matrix.b) > ANGLE_EPSILON || Math.abs(matrix.c) > ANGLE_EPSILON)
      return `rotated or skewed (transform: ${style.transform})`;
    if (!(matrix.a > 0 && matrix.d > 0)) return `mirrored, flipped or flattened (transform: ${style.transform})`;
    x *= matrix.a;
    y *= matrix.d;
  }
  return { x, y };
}

function describe(element: Element): string {
  const title = dom.getAttribute(element, "title");
  return `<${dom.localName(element)}${dom.id(element) ? `#${dom.id(element)}` : ""}${title ? ` title="${title}"` : ""}>`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
