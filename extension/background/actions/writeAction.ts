import { WebOperatorError, type ActionEffects } from "../../../protocol/index.js";
import type { ToolContext } from "../toolRegistry.js";
import { NavigationWatch } from "../navigationWatch.js";
import { guardDialogs, type DialogGuard } from "./dialogGuard.js";
import { adoptAgentTab, outsideDialogs } from "../dialogs/outsideDialogs.js";
import { TabCreationWatch } from "./tabCreationWatch.js";
import { settlePage } from "./settlePage.js";
import { observeAfterAction } from "../tools/perception/observeAfterAction.js";
import { drainDownloadUpdates, trackDownloadsDuring } from "../downloads/downloads.js";

export interface DispatchOutcome<T> {
  value: T;
  /** The page announced a navigation (Navigation API), so waiting for a load is certain. */
  navigationStarted?: boolean;
}

/**
 * The one path every write takes: arm navigation and new-tab watches, patch dialogs,
 * re-verify the target with the gatekeeper, dispatch, then settle and report what
 * happened. The agent learns about navigations, tabs and dialogs without asking.
 */
export async function runWriteAction<T>(
  tabId: number,
  context: ToolContext,
  dispatch: () => Promise<DispatchOutcome<T>>,
): Promise<{ value: T; effects: ActionEffects }> {
  const navigation = new NavigationWatch(tabId);
  const tabs = new TabCreationWatch(tabId);
  let dialogs: DialogGuard | null = null;
  let collected: Awaited<ReturnType<DialogGuard["collect"]>> | null = null;
  try {
    await adoptAgentTab(tabId);
    const earlier = await outsideDialogs(tabId);
    dialogs = await guardDialogs(tabId).catch(() => null);
    await context.beforeDispatch(tabId);
    // The bridge has already answered `timeout` (or the call was cancelled): a late dispatch would act twice.
    if (context.signal.aborted || Date.now() > context.deadline) {
      throw new WebOperatorError("timeout", "The action's time ran out before it was dispatched; nothing was done. Retry with a larger timeoutMs.");
    }
    const before = await chrome.tabs.get(tabId);
    const { result: [outcome, settled], downloads } = await trackDownloadsDuring(async () => {
      const dispatched = await dispatch();
      await navigation.settleAfterAction(context.deadline, { expectNavigation: dispatched.navigationStarted ?? false, graceMs: dispatched.navigationStarted === undefined ? 30 : 0 });
      return [dispatched, await settlePage(tabId, context.deadline)] as const;
    });
    const updates = drainDownloadUpdates();
    collected = dialogs ? await dialogs.collect() : { dialogs: [] };
    const after = await chrome.tabs.get(tabId).catch(() => null);
    const tabCreated = await tabs.result();
    const url = after?.url ?? before.url ?? "";
    const observation = await observeAfterAction(tabId);
    const effects: ActionEffects = {
      navigated: navigation.navigationStarted || url !== (before.url ?? ""),
      url,
      dialogs: [...earlier, ...collected.dialogs],
      settled,
      observation,
      ...(downloads.length > 0 ? { download_started: downloads } : {}),
      ...(updates.length > 0 ? { download_updates: updates } : {}),
      ...(tabCreated ? { tab_created: tabCreated } : {}),
      ...(collected.restoreFailed ? { dialogRestoreFailed: collected.restoreFailed } : {}),
    };
    return { value: outcome.value, effects };
  } finally {
    navigation.disarm();
    tabs.disarm();
    // A failed write must not leave the page's dialogs answered by us.
    if (dialogs !== null && collected === null) await dialogs.collect().catch(() => undefined);
  }
}
