import { WebOperatorError, type ActionEffects } from "../../../protocol/index.js";
import type { ToolContext } from "../toolRegistry.js";
import { NavigationWatch } from "../navigationWatch.js";
import { guardDialogs, type DialogGuard, type Released } from "./dialogGuard.js";
import { adoptAgentTab } from "../dialogs/outsideDialogs.js";
import { drainRecordedDialogs } from "../dialogs/dialogRecorder.js";
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
  let guarding: Promise<DialogGuard | null> = Promise.resolve(null);
  let collected: Released | null = null;
  try {
    await adoptAgentTab(tabId);
    // In parallel, all before the dispatch: the patch, the gatekeeper's last check, the tab's state.
    guarding = guardDialogs(tabId).catch(() => null);
    const [guard, , before, openedBefore] = await Promise.all([guarding, context.beforeDispatch(tabId), chrome.tabs.get(tabId), tabs.openedTabs()]);
    const release = (): Promise<Released> => guard?.release() ?? Promise.resolve({ dialogs: [], requests: 0 });
    // The bridge has already answered `timeout` (or the call was cancelled): a late dispatch would act twice.
    if (context.signal.aborted || Date.now() > context.deadline) {
      throw new WebOperatorError("timeout", "The action's time ran out before it was dispatched; nothing was done. Retry with a larger timeoutMs.");
    }
    const { result: [outcome, { fullWait, ...settled }], downloads } = await trackDownloadsDuring(async () => {
      const dispatchedAt = Date.now();
      const dispatched = await dispatch();
      await navigation.settleAfterAction(context.deadline, { expectNavigation: dispatched.navigationStarted ?? false, graceMs: dispatched.navigationStarted === undefined ? 30 : 0 });
      const pageRequests = async (): Promise<number> => (await release()).requests;
      const settled = await settlePage(tabId, context.deadline, { dispatchedAt, pageRequests, elsewhere: () => tabs.openedSince(openedBefore) });
      await tabs.waitForCommit(context.deadline);
      return [dispatched, settled] as const;
    });
    const updates = drainDownloadUpdates();
    collected = await release();
    // The patch came off at the end of the settle's first window; what the page raised after
    // that, the recorder answered in the same way.
    const late = fullWait && guard !== null ? await drainRecordedDialogs(tabId) : [];
    const [after, tabCreated, observation] = await Promise.all([chrome.tabs.get(tabId).catch(() => null), tabs.result(), observeAfterAction(tabId)]);
    const url = after?.url ?? before.url ?? "";
    const effects: ActionEffects = {
      navigated: navigation.navigationStarted || url !== (before.url ?? ""),
      url,
      dialogs: [...(guard?.earlier ?? []), ...collected.dialogs, ...late],
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
    // Awaited even when a parallel check failed first: the patch may have gone on meanwhile.
    const guard = await guarding;
    if (guard !== null && collected === null) await guard.release().catch(() => undefined);
  }
}
