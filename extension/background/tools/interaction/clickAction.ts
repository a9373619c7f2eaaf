import type { CommandPayload, CommandResult } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";
import { callContent, documentWentAwayMidCall } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { clickAt } from "../../input/mouse.js";
import { aimedPoint } from "../../actions/aimedPoint.js";
import { modifierBits } from "../../input/modifiers.js";
import { actionLabel } from "../../actions/actionLabel.js";
import { showActionHighlight } from "../../visualization/actionOverlay.js";

export type ClickInput = CommandPayload<"browser.click">;

/** Plain left clicks stay synthetic DOM events; anything a DOM event cannot fake goes through CDP. */
export function needsTrustedInput(input: ClickInput): boolean {
  return (input.button !== undefined && input.button !== "left") || (input.count ?? 1) > 1 || (input.modifiers?.length ?? 0) > 0;
}

/**
 * Actionability (visible, stable, enabled, not obscured) and the highlight, while the write
 * path puts its dialog patch on; then the click through that path. `tab`: as the tool
 * resolved it, moments ago.
 */
export async function performClick(
  tab: chrome.tabs.Tab & { id: number },
  input: ClickInput,
  context: ToolContext,
  mode: "synthetic" | "trusted",
): Promise<CommandResult<"browser.click">> {
  const tabId = tab.id;
  const preparing = callContent(
    tabId,
    {
      op: "prepare_action",
      ref: input.ref,
      purpose: "click",
      exactPoint: mode === "trusted",
      highlight: true,
      force: input.force,
      describe: true,
    },
    tab,
  );
  preparing
    .then((prepared) => showActionHighlight(tab, prepared.highlightBox, actionLabel(context, input.reason ?? "click")))
    .catch(() => undefined);
  const { effects } = await runWriteAction<null>(
    tabId,
    context,
    async (verified) => {
      const prepared = await preparing;
      if (mode === "synthetic") {
        try {
          const clicked = await callContent(tabId, { op: "click", ref: prepared.ref }, verified);
          return { value: null, navigationStarted: clicked.navigationStarted, dispatchedAt: clicked.dispatchedAt };
        } catch (error) {
          // The click was sent and its document went away before the answer: a link did what links do.
          // On a loaded machine the new document can commit before the old one's reply leaves.
          if (documentWentAwayMidCall(error)) return { value: null, navigationStarted: true };
          throw error;
        }
      }
      const point = aimedPoint(prepared);
      // Checked again where the pointer now is: a cover a mousemove handler let through takes no press.
      const holds = (): Promise<unknown> =>
        callContent(tabId, { op: "check_dispatch", ref: prepared.ref, point, purpose: "click" }, verified);
      await clickAt(tabId, point, input.button ?? "left", input.count ?? 1, modifierBits(input.modifiers), holds);
      return { value: null };
    },
    { prepared: preparing, pointer: true },
  );
  const prepared = await preparing;
  return {
    tabId,
    ref: prepared.ref,
    target: prepared.target,
    recovered: prepared.recovered,
    input: mode,
    ...effects,
    ...(effects.tab_created === undefined
      ? {}
      : { tab_created: { ...effects.tab_created, opened_by: openedBy(effects.tab_created.url, prepared.href) } }),
    // UI-only: where it was dispatched (absent in a frame that cannot be mapped exactly) and the highlight's box.
    details: {
      ...(prepared.point === undefined ? {} : { point: prepared.point }),
      ...(prepared.highlightBox === undefined ? {} : { box: prepared.highlightBox }),
    },
  };
}

/**
 * A new tab showing the clicked link's own href is where the agent chose to go; any other is
 * the page's doing (window.open from a handler), and must not become the agent's default tab.
 */
function openedBy(url: string, href: string | undefined): "link" | "page" {
  return href !== undefined && stripHash(url) === stripHash(href) ? "link" : "page";
}

function stripHash(url: string): string {
  return url.split("#")[0] ?? url;
}
