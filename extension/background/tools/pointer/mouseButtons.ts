import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { withNavigationWatch } from "../../navigationWatch.js";
import { targetAtPoint } from "../../pointer/pointTarget.js";
import { moveMouse, pressMouse, releaseMouse } from "../../input/mouse.js";
import { pointerState } from "../../input/pointerState.js";
import { pointHolds } from "../../actions/dispatchChecks.js";
import type { MouseButton } from "../../../../protocol/primitives.js";

/** Presses and holds a button (Claude's left_mouse_down); pair it with browser.mouse_up. */
export const mouseDownTool = defineTool({
  name: "browser.mouse_down",
  async run({ x, y, button = "left", tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    if (pointerState.held(tab.id).includes(button)) {
      throw new WebOperatorError("bad_request", `The ${button} button is already held on tab ${tab.id}; call browser.mouse_up first.`);
    }
    const point = pointFor(tab.id, x, y);
    const target = await targetAtPoint(tab.id, point.x, point.y);
    await context.beforeDispatch(tab.id);
    if (point.moved) await moveMouse(tab.id, point);
    // What the pointer arrived over is what was read there: a cover turned on at the move takes no press.
    await pointHolds(tab.id, point, "click");
    await pressMouse(tab.id, point, button);
    return { tabId: tab.id, x: point.x, y: point.y, buttonsHeld: pointerState.held(tab.id), target };
  },
});

/** Releases a button that browser.mouse_down holds, after moving there (the drop of a custom drag). */
export const mouseUpTool = defineTool({
  name: "browser.mouse_up",
  async run({ x, y, button, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const held = pointerState.held(tab.id);
    const released: MouseButton = button ?? (held.length === 1 && held[0] !== undefined ? held[0] : "left");
    if (!held.includes(released)) {
      throw new WebOperatorError(
        "bad_request",
        `No ${released} mouse button is held on tab ${tab.id}: browser.mouse_up releases what browser.mouse_down pressed. ` +
          "Call browser.mouse_down first, or use browser.click_xy for a complete click.",
      );
    }
    const point = pointFor(tab.id, x, y);
    const target = await targetAtPoint(tab.id, point.x, point.y);
    return withNavigationWatch(tab.id, async (watch) => {
      await context.beforeDispatch(tab.id);
      if (point.moved) await moveMouse(tab.id, point);
      await pointHolds(tab.id, point, "drop");
      await releaseMouse(tab.id, point, released);
      await watch.settleAfterAction(context.deadline);
      return { tabId: tab.id, x: point.x, y: point.y, buttonsHeld: pointerState.held(tab.id), target };
    });
  },
});

/** The given point, or where the pointer last was on this tab. */
function pointFor(tabId: number, x: number | undefined, y: number | undefined): { x: number; y: number; moved: boolean } {
  const last = pointerState.position(tabId);
  if (x !== undefined && y !== undefined) return { x, y, moved: last === null || last.x !== x || last.y !== y };
  if (x !== undefined || y !== undefined)
    throw new WebOperatorError("bad_request", "Give both x and y, or neither to act where the pointer is.");
  if (last === null) {
    throw new WebOperatorError("bad_request", `The pointer has not been placed on tab ${tabId} yet; give x and y (viewport CSS px).`);
  }
  return { ...last, moved: false };
}
