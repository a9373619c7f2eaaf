import { WebOperatorError, type BrowserUseAction, type SnapshotElement } from "../../protocol/index.js";
import type { CommandCaller } from "../commandContext.js";
import { BrowserUseActionError, browserUseErrorOf } from "./browserUseErrors.js";
import { documentNonceOf, type IssuedState } from "../perception/browserUseState.js";

type ElementAction = Extract<BrowserUseAction, { element_index: number }>;

export function isElementAction(action: BrowserUseAction): action is ElementAction {
  return "element_index" in action;
}

/** Runs one validated action as the extension commands it stands for. */
export async function runBrowserUseAction(
  action: BrowserUseAction,
  issued: IssuedState | undefined,
  tabId: number | undefined,
  call: CommandCaller,
): Promise<void> {
  const tab = tabId === undefined ? {} : { tabId };
  switch (action.action) {
    case "click_element": {
      const target = entryOf(issued, action.element_index);
      if (target.option !== undefined) {
        // Clicking an option of a native <select> is choosing it.
        await selectNativeOption(target, call, tab);
        return;
      }
      await call("browser.click", { ref: refToAct(target, action.element_index), ...tab });
      return;
    }
    case "input_text": {
      const target = entryOf(issued, action.element_index);
      await call("browser.type", {
        ref: refToAct(target, action.element_index),
        text: action.text,
        mode: action.overwrite === true ? "replace" : "append",
        ...tab,
      });
      return;
    }
    case "select_option": {
      const select = entryOf(issued, action.element_index);
      const option = entryOf(issued, action.option_index);
      if (option.option !== undefined) {
        if (select.ref === undefined || option.option.selectRef !== select.ref) {
          throw new BrowserUseActionError(
            "ELEMENT_NOT_INTERACTIVE",
            `option_index ${action.option_index} is not an <option> of element ${action.element_index}; pick an option listed under that <select>.`,
          );
        }
        await selectNativeOption(option, call, tab);
        return;
      }
      if (option.role === "option" && option.ref !== undefined) {
        // An ARIA listbox option has its own ref: choosing it is clicking it.
        await call("browser.click", { ref: option.ref, ...tab });
        return;
      }
      throw new BrowserUseActionError(
        "ELEMENT_NOT_INTERACTIVE",
        `option_index ${action.option_index} is a <${option.tag}>, not an <option>; give the element_index of an option.`,
      );
    }
    case "scroll":
      await call("browser.scroll", {
        direction: action.direction,
        ...(action.pixels === undefined ? {} : { amount: action.pixels }),
        ...tab,
      });
      return;
    case "navigate":
      try {
        await call("browser.navigate", { url: action.url, ...tab });
      } catch (error) {
        if (!(error instanceof WebOperatorError) || error.code !== "navigation_failed" || issued === undefined) throw error;
        if (await restoreIssuedDocument(issued, tab, call)) throw error;
        throw new BrowserUseActionError(
          "NAVIGATION_FAILED",
          `${browserUseErrorOf(error, "navigate").message} The tab was left on Chrome's error page and the page of the last state could not be brought back as it was, so it was loaded again: anything typed into it is lost and its element indexes changed. This is a new state; use its element_index.`,
          true,
          error,
        );
      }
      return;
    case "finish_task":
    case "fail_task":
      return;
  }
}

/**
 * A load that failed commits Chrome's error page over the document the state describes, and the
 * protocol wants that state unchanged. Going back brings the very document out of the back/forward
 * cache, typed values and refs intact; but Chrome's back skips the entries of pages that never had a
 * user activation (its history intervention), which synthetic input does not give, and then lands on
 * an older page or nowhere. Only the issued document itself will do: otherwise the URL is loaded
 * again, and the caller must say so. Answers whether the tab shows the issued document.
 */
async function restoreIssuedDocument(issued: IssuedState, tab: { tabId?: number }, call: CommandCaller): Promise<boolean> {
  // A load that failed before it committed never left the document.
  if (await showsDocument(issued, tab, call)) return true;
  const back = await call("browser.go_back", tab).catch(() => null);
  if (back?.moved === true && (await showsDocument(issued, tab, call))) return true;
  await call("browser.navigate", { url: issued.url, ...tab }).catch(() => undefined);
  return false;
}

async function showsDocument(issued: IssuedState, tab: { tabId?: number }, call: CommandCaller): Promise<boolean> {
  if (issued.documentNonce === undefined) return false;
  // Chrome's error page answers no content script, and a snapshot of it waits for one in vain.
  const shown = (await call("browser.tabs_list", {}).catch(() => null))?.tabs.find((each) => each.tabId === issued.tabId);
  if (shown !== undefined && shown.url !== issued.url) return false;
  // The smallest read there is: only its snapshot id, which names the document, matters.
  const snapshot = await call("browser.snapshot", { maxChars: 500, ...tab }).catch(() => null);
  return snapshot !== null && documentNonceOf(snapshot) === issued.documentNonce;
}

function entryOf(issued: IssuedState | undefined, index: number): SnapshotElement {
  const entry = issued?.entries.get(index);
  if (entry === undefined) {
    throw new BrowserUseActionError(
      "INVALID_ELEMENT_INDEX",
      issued === undefined
        ? `Element with index ${index} not found: no state was issued for this tab; call browseruse.state first.`
        : `Element with index ${index} not found in the current element index.`,
    );
  }
  return entry;
}

/** The ref an action on this entry goes to: its own, or a label's control. */
function refToAct(entry: SnapshotElement, index: number): string {
  const ref = entry.ref ?? entry.labelFor;
  if (ref === undefined) {
    throw new BrowserUseActionError(
      "ELEMENT_NOT_INTERACTIVE",
      `Element ${index} (<${entry.tag}>) does not support this action; for an <option>, use select_option on its <select>.`,
    );
  }
  return ref;
}

async function selectNativeOption(entry: SnapshotElement, call: CommandCaller, tab: { tabId?: number }): Promise<void> {
  if (entry.option === undefined || entry.attributes.value === null) return;
  if (entry.disabled) throw new BrowserUseActionError("ELEMENT_NOT_INTERACTIVE", `That <option> is disabled; choose another one.`);
  await call("browser.select_option", { ref: entry.option.selectRef, values: [entry.attributes.value], ...tab });
}
