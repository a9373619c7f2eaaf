import { COMMANDS, type BodyTypedAction, type BrowserCommandType, type SemanticLocator } from "../../protocol/index.js";
import type { BodyPerception } from "../perception/bodyPerception.js";
import { locatorOf } from "../perception/bodyTargets.js";

/** What one browser.* call of a task step was, as &body.browser typed actions. */
export type TranslatedCall = { actions: BodyTypedAction[] } | { notReplayable: string };

type Payload = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;

/**
 * The typed actions a task's browser call stands for, with its elements as semantic
 * locators in the state before it, so a recorded task replays with no model and no stale
 * ref. Reads translate to nothing (but scrolls and waits, which move or pace the page, do); a write no typed action expresses makes the step not
 * replayable, and says why.
 */
export function translateCall(
  type: BrowserCommandType,
  payload: Payload,
  before: BodyPerception | null,
  engineStep: boolean,
): TranslatedCall {
  const at = (ref: unknown): SemanticLocator | undefined =>
    before === null || typeof ref !== "string" ? undefined : locatorOf(before, ref);
  const target = at(payload.ref);
  const onTarget = (build: (semantic_locator: SemanticLocator) => BodyTypedAction): TranslatedCall =>
    target === undefined
      ? { notReplayable: `${type} acted on ${String(payload.ref)}, which is not in the page state perceived before the step` }
      : { actions: [build(target)] };
  switch (type) {
    case "browser.click":
    case "browser.click_trusted":
      if (payload.count === 2) return onTarget((semantic_locator) => ({ type: "dblclick", semantic_locator }));
      if (payload.count === 3) return { notReplayable: "a triple click is no typed action" };
      return onTarget((semantic_locator) => ({
        type: "click",
        semantic_locator,
        ...(payload.button === "right" || payload.button === "middle" ? { button: payload.button } : {}),
        ...(strings(payload.modifiers) === undefined
          ? {}
          : { modifiers: payload.modifiers as Array<"Alt" | "Control" | "Meta" | "Shift"> }),
      }));
    case "browser.type":
    case "browser.type_trusted": {
      const text = str(payload.text) ?? "";
      const typed = onTarget((semantic_locator) =>
        payload.mode === "append" ? { type: "type", semantic_locator, text } : { type: "fill", semantic_locator, value: text },
      );
      if (payload.submit !== true || !("actions" in typed) || target === undefined) return typed;
      return { actions: [...typed.actions, { type: "press", semantic_locator: target, key: "Enter" }] };
    }
    case "browser.press": {
      const key = str(payload.key) ?? "";
      if (payload.ref === undefined) return { actions: [{ type: "press", key }] };
      return onTarget((semantic_locator) => ({ type: "press", semantic_locator, key }));
    }
    case "browser.hover":
      return onTarget((semantic_locator) => ({ type: "hover", semantic_locator }));
    case "browser.focus":
      return onTarget((semantic_locator) => ({ type: "focus", semantic_locator }));
    case "browser.select_option": {
      const values = strings(payload.values);
      const labels = strings(payload.labels);
      return onTarget((semantic_locator) => ({
        type: "select",
        semantic_locator,
        ...(values === undefined ? {} : { values }),
        ...(labels === undefined ? {} : { labels }),
      }));
    }
    case "browser.upload_file": {
      const files = payload.files as Array<{ name: string; mimeType: string; base64: string }> | undefined;
      if (files === undefined) return { notReplayable: "an upload by path is not kept in the trace" };
      return onTarget((semantic_locator) => ({ type: "upload", semantic_locator, files }));
    }
    case "browser.scroll": {
      const direction = payload.direction as "up" | "down" | "left" | "right";
      const amount = typeof payload.amount === "number" ? { amount: payload.amount } : {};
      if (payload.ref === undefined) return { actions: [{ type: "scroll", direction, ...amount }] };
      return onTarget((semantic_locator) => ({ type: "scroll", semantic_locator, direction, ...amount }));
    }
    case "browser.scroll_xy":
      // The wheel turns the page (or the scroller under the point); replay scrolls the page the same distance.
      return {
        actions: [
          {
            type: "scroll",
            direction: payload.direction as "up" | "down" | "left" | "right",
            ...(typeof payload.amount === "number" ? { amount: payload.amount } : {}),
          },
        ],
      };
    case "browser.scroll_to":
      return onTarget((semantic_locator) => ({ type: "scrollintoview", semantic_locator }));
    case "browser.drag": {
      const from = at((payload.from as Payload | undefined)?.ref);
      const to = at((payload.to as Payload | undefined)?.ref);
      if (from === undefined || to === undefined) return { notReplayable: "a drag between coordinates (not refs) has no semantic locator" };
      return { actions: [{ type: "drag", semantic_locator: from, to: { semantic_locator: to } }] };
    }
    case "browser.navigate":
      return { actions: [{ type: "navigate", url: str(payload.url) ?? "" }] };
    case "browser.wait_for":
      return {
        actions: [
          {
            type: "wait",
            ...(typeof payload.timeMs === "number" ? { ms: payload.timeMs } : {}),
            ...(str(payload.text) === undefined ? {} : { text: str(payload.text) }),
            ...(str(payload.textGone) === undefined ? {} : { text_gone: str(payload.textGone) }),
          },
        ] as BodyTypedAction[],
      };
    case "browser.tab_open":
      // The engine's own first tab: replay loads the same page in the tab it is given.
      if (engineStep)
        return str(payload.url) === undefined ? { actions: [] } : { actions: [{ type: "navigate", url: str(payload.url) ?? "" }] };
      return { notReplayable: "it opened another tab; replay runs in one tab" };
    case "browser.click_xy":
      // Located once its result names the element under the point: see translatePointClick.
      return { actions: [] };
    default:
      // Reads, and the gatekeeper's own commands (which it does not gate), act on no page: nothing to replay.
      if (COMMANDS[type].effects === "read" || !COMMANDS[type].gated) return { actions: [] };
      return { notReplayable: `${type} is no &body.browser typed action` };
  }
}

/**
 * A click at a point, as the element it hit: a click on that element's locator when the
 * state before has exactly one element with its role and name (else replay could not tell
 * which one was meant).
 */
export function translatePointClick(
  payload: Payload,
  target: { role?: string | undefined; name?: string | undefined; tag: string },
  before: BodyPerception | null,
): TranslatedCall {
  if (payload.count === 2 || payload.count === 3 || (payload.button !== undefined && payload.button !== "left"))
    return { notReplayable: "a coordinate click other than a single left click" };
  const matches =
    before?.lines.filter((line) => line.ref !== undefined && line.role === target.role && line.name === (target.name ?? "")) ?? [];
  if (target.role === undefined || matches.length !== 1) {
    return {
      notReplayable: `a coordinate click hit <${target.tag}>${target.role === undefined ? "" : ` ${target.role} "${target.name ?? ""}"`}, which is not one element of the state before that a locator names`,
    };
  }
  return { actions: [{ type: "click", semantic_locator: { role: target.role, name: target.name ?? "", occurrence: 0 } }] };
}
