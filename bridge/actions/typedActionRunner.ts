import { WebOperatorError, type BodyActionOutcome, type BodyTypedAction } from "../../protocol/index.js";
import type { BrowserCaller } from "../perception/browserCaller.js";

/** The elements an action was resolved to, in the state before it. */
export interface ResolvedTargets {
  ref?: string;
  /** A drag's drop target. */
  toRef?: string;
  /** The target's printed states, for check/uncheck. */
  states: readonly string[];
}

export type ActionEvidence = Pick<BodyActionOutcome, "screenshot">;

function need(ref: string | undefined, action: BodyTypedAction): string {
  if (ref === undefined)
    throw new WebOperatorError("bad_request", `A ${action.type} action needs target_ref or semantic_locator naming the element.`);
  return ref;
}

/** Runs one typed action as the browser.* commands it stands for; the adapter has no action code of its own. */
export async function runTypedAction(
  action: BodyTypedAction,
  targets: ResolvedTargets,
  call: BrowserCaller,
  tabId: number,
): Promise<ActionEvidence> {
  const tab = { tabId };
  switch (action.type) {
    case "click":
      await call("browser.click", {
        ref: need(targets.ref, action),
        ...(action.button === undefined ? {} : { button: action.button }),
        ...(action.modifiers === undefined ? {} : { modifiers: action.modifiers }),
        ...tab,
      });
      return {};
    case "dblclick":
      await call("browser.click", { ref: need(targets.ref, action), count: 2, ...tab });
      return {};
    case "hover":
      await call("browser.hover", { ref: need(targets.ref, action), ...tab });
      return {};
    case "focus":
      await call("browser.focus", { ref: need(targets.ref, action), ...tab });
      return {};
    case "fill":
      await call("browser.type", { ref: need(targets.ref, action), text: action.value, mode: "replace", ...tab });
      return {};
    case "type":
      await call("browser.type", { ref: need(targets.ref, action), text: action.text, mode: "append", ...tab });
      return {};
    case "press":
      await call("browser.press", { key: action.key, ...(targets.ref === undefined ? {} : { ref: targets.ref }), ...tab });
      return {};
    case "check":
    case "uncheck": {
      const ref = need(targets.ref, action);
      const checked = targets.states.includes("[checked]");
      // Already in the wanted state: nothing to do, and a click would undo it.
      if (checked !== (action.type === "check")) await call("browser.click", { ref, ...tab });
      return {};
    }
    case "select":
      if ((action.values?.length ?? 0) + (action.labels?.length ?? 0) === 0)
        throw new WebOperatorError("bad_request", "A select action needs values or labels naming the option(s).");
      await call("browser.select_option", {
        ref: need(targets.ref, action),
        ...(action.values === undefined ? {} : { values: action.values }),
        ...(action.labels === undefined ? {} : { labels: action.labels }),
        ...tab,
      });
      return {};
    case "upload": {
      const ref = need(targets.ref, action);
      if (action.files !== undefined && action.paths === undefined) await call("browser.upload_file", { ref, files: action.files, ...tab });
      else if (action.paths !== undefined && action.files === undefined)
        await call("browser.upload_file", { ref, paths: action.paths, ...tab });
      else
        throw new WebOperatorError(
          "bad_request",
          "An upload action needs either files [{name, mimeType, base64}] or paths (inside the upload folder), not both.",
        );
      return {};
    }
    case "scroll":
      await call("browser.scroll", {
        direction: action.direction,
        ...(action.amount === undefined ? {} : { amount: action.amount }),
        ...(targets.ref === undefined ? {} : { ref: targets.ref }),
        ...tab,
      });
      return {};
    case "scrollintoview":
      await call("browser.scroll_to", { ref: need(targets.ref, action), ...tab });
      return {};
    case "drag": {
      const from = need(targets.ref, action);
      if (targets.toRef === undefined)
        throw new WebOperatorError("bad_request", "A drag action needs `to` {target_ref or semantic_locator} naming the drop target.");
      await call("browser.drag", { from: { ref: from }, to: { ref: targets.toRef }, ...tab });
      return {};
    }
    case "navigate":
      await call("browser.navigate", { url: action.url, ...tab });
      return {};
    case "wait":
      if (action.ms === undefined && action.text === undefined && action.text_gone === undefined)
        throw new WebOperatorError("bad_request", "A wait action needs ms, text or text_gone.");
      await call("browser.wait_for", {
        ...(action.ms === undefined ? {} : { timeMs: action.ms }),
        ...(action.text === undefined ? {} : { text: action.text }),
        ...(action.text_gone === undefined ? {} : { textGone: action.text_gone }),
        ...tab,
      });
      return {};
    case "screenshot": {
      const shot = await call("browser.screenshot", { ...(action.full_page === true ? { fullPage: true } : {}), ...tab });
      return { screenshot: { mimeType: shot.mimeType, data: shot.data, width: shot.width, height: shot.height } };
    }
  }
}
