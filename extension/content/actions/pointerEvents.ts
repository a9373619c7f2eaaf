import { focusableSelfOrAncestor } from "./focusTarget.js";
import { pointerTargetIn } from "../actionability/hitTest.js";
import * as dom from "../dom/intrinsics.js";

export interface ClientPoint {
  x: number;
  y: number;
}

/**
 * The events a real left click produces, in Chrome's order, aimed at one point of the
 * element's own frame viewport and sent to what lies under it, as trusted input would be.
 * A dispatched (untrusted) `click` still runs activation behaviour: links navigate,
 * checkboxes toggle, submit buttons submit.
 */
export function dispatchClickSequence(element: Element, point: ClientPoint, beforePress: () => void = () => undefined): void {
  sendClickSequence(pointerTargetIn(element, point), point, beforePress);
}

/** `beforePress` runs after the hover events, whose handlers may change the page, and may stop the press by throwing. */
function sendClickSequence(element: Element, point: ClientPoint, beforePress: () => void): void {
  const view = dom.defaultView(dom.ownerDocument(element)) ?? window;
  const at = { clientX: point.x, clientY: point.y, screenX: point.x + view.screenX, screenY: point.y + view.screenY, view };
  const mouse = (type: string, init: MouseEventInit): boolean =>
    dom.dispatchEvent(element, new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, button: 0, ...at, ...init }));
  const pointer = (type: string, init: PointerEventInit): boolean =>
    dom.dispatchEvent(
      element,
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        button: 0,
        pointerId: 1,
        pointerType: "mouse",
        isPrimary: true,
        width: 1,
        height: 1,
        ...at,
        ...init,
      }),
    );

  pointer("pointerover", { buttons: 0, button: -1 });
  pointer("pointerenter", { buttons: 0, button: -1, bubbles: false, cancelable: false });
  mouse("mouseover", { buttons: 0 });
  mouse("mouseenter", { buttons: 0, bubbles: false, cancelable: false });
  pointer("pointermove", { buttons: 0, button: -1 });
  mouse("mousemove", { buttons: 0 });
  beforePress();
  // A cancelled pointerdown suppresses the compatibility mouse events, not the click.
  const pointerDownAllowed = pointer("pointerdown", { buttons: 1, pressure: 0.5 });
  const mouseDownAllowed = pointerDownAllowed ? mouse("mousedown", { buttons: 1, detail: 1 }) : true;
  if (mouseDownAllowed) moveFocusLikeAPress(element);
  pointer("pointerup", { buttons: 0, pressure: 0 });
  if (pointerDownAllowed) mouse("mouseup", { buttons: 0, detail: 1 });
  mouse("click", { buttons: 0, detail: 1 });
}

function moveFocusLikeAPress(element: Element): void {
  const focusable = focusableSelfOrAncestor(element);
  if (focusable !== null) {
    dom.focus(focusable, { preventScroll: true });
    return;
  }
  const active = dom.activeElement(dom.ownerDocument(element)) as HTMLElement | null;
  if (active !== null && active !== dom.body(dom.ownerDocument(element)) && dom.hasFocusMembers(active)) dom.blur(active);
}
