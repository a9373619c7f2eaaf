import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { NO_EFFECT_HINT, type ActionEffect } from "../../../../protocol/index.js";
import { modifierList, requireClickTarget } from "./memberInput.js";
import type { TaskBrowser } from "./taskBrowser.js";

/** One wheel notch of the toolset's scroll_amount, in CSS pixels. */
export const WHEEL_NOTCH_PX = 100;

type Button = "left" | "right" | "middle";

/** What the SDK itself would answer for each click member. */
const CLICKED: Record<Button, Record<1 | 2 | 3, string>> = {
  left: { 1: "Clicked.", 2: "Double-clicked.", 3: "Triple-clicked." },
  right: { 1: "Right-clicked.", 2: "Right-clicked.", 3: "Right-clicked." },
  middle: { 1: "Middle-clicked.", 2: "Middle-clicked.", 3: "Middle-clicked." },
};

/** Roles a click leaves the focus in, so that type can aim at them by ref. */
const TYPABLE_ROLES: ReadonlySet<string> = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);

/** Undefined keeps the SDK's own text; a click that changed nothing says so, so the model tries another target. */
function effectLine(done: string, result: { effect: ActionEffect }): string | undefined {
  return result.effect === "none" ? `${done} ${NO_EFFECT_HINT}` : undefined;
}

/** A click member, by ref or at a point. The member's text: the SDK's own ("Clicked.") unless the click changed nothing, which the model should know. */
export async function click(
  browser: TaskBrowser,
  input: Beta.BetaBrowserLeftClickInput,
  button: Button,
  count: 1 | 2 | 3,
): Promise<string | undefined> {
  const tabId = browser.tabFor(input.tab_id);
  const target = requireClickTarget(input.target);
  const modifiers = modifierList(input.modifiers);
  if (target.type === "ref") {
    const { ref, hint } = browser.locate(tabId, target.ref);
    const options = {
      ...(button === "left" ? {} : { button }),
      ...(count === 1 ? {} : { count }),
      ...(modifiers === undefined ? {} : { modifiers: modifiers as Array<"Alt" | "Control" | "Meta" | "Shift"> }),
    };
    const result = await browser.call("browser.click", { tabId, ref, ...options }, hint);
    // Only a field keeps the focus it was clicked into: a button's handler may move it (an
    // "Add comment" button focusing its textarea), and the next type goes wherever it went.
    browser.rememberFocus(tabId, result.navigated !== true && TYPABLE_ROLES.has(hint.role) ? ref : null);
    if (result.navigated === true) browser.forgetRefs(tabId);
    return effectLine(CLICKED[button][count], result);
  }
  const point = browser.toViewport(tabId, target);
  const result = await browser.call("browser.click_xy", {
    tabId,
    ...point,
    button,
    count,
    ...(modifiers === undefined ? {} : { modifiers }),
  });
  browser.located = { role: result.target.role ?? result.target.tag, name: result.target.name ?? "" };
  browser.rememberFocus(tabId, null);
  if (result.navigated === true) browser.forgetRefs(tabId);
  return effectLine(CLICKED[button][count], result);
}

export async function hover(browser: TaskBrowser, input: Beta.BetaBrowserHoverInput): Promise<string | undefined> {
  const tabId = browser.tabFor(input.tab_id);
  const target = requireClickTarget(input.target);
  if (target.type === "ref") {
    const { ref, hint } = browser.locate(tabId, target.ref);
    return effectLine("Hovered.", await browser.call("browser.hover", { tabId, ref }, hint));
  }
  await browser.call("browser.mouse_move", { tabId, ...browser.toViewport(tabId, target) });
  return undefined;
}
