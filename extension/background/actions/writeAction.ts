import { WebOperatorError, type ActionEffect, type ActionEffects, type PageActivity } from "../../../protocol/index.js";
import type { PreparedTarget, ToolContext } from "../toolRegistry.js";
import { NavigationWatch } from "../navigationWatch.js";
import { guardDialogs, type DialogGuard, type Released } from "./dialogGuard.js";
import { placeFailure } from "./failureStage.js";
import { adoptAgentTab } from "../dialogs/outsideDialogs.js";
import { drainRecordedDialogs } from "../dialogs/dialogRecorder.js";
import { TabCreationWatch } from "./tabCreationWatch.js";
import { settlePage } from "./settlePage.js";
import { observeAfterAction } from "../tools/perception/observeAfterAction.js";
import { callContent } from "../contentClient.js";
import { drainDownloadUpdates, trackDownloadsDuring } from "../downloads/downloads.js";

export interface DispatchOutcome<T> {
  value: T;
  /** The page announced a navigation (Navigation API), so waiting for a load is certain. */
  navigationStarted?: boolean;
  /**
   * When the page saw the dispatch done (its Date.now, epoch ms), what it ran at once included;
   * without it, the worker's time once dispatch returned: trusted input is acknowledged after its handlers ran.
   */
  dispatchedAt?: number;
}

export interface WriteOptions {
  /**
   * Work the dispatch needs done first that may overlap the dialog patch going on:
   * actionability and the highlight (prepare_action, which also starts the page's mutation
   * watch). The gatekeeper's last check still waits for it, so it stays right before dispatch.
   */
  prepared?: Promise<{ described?: PreparedTarget }>;
  /**
   * A pointer press (a click): the focus a press gives the pressed control is part of any
   * click, so only focus moving into a text field counts as its effect.
   */
  pointer?: boolean;
}

/**
 * The one path every write takes: arm navigation and new-tab watches, patch dialogs,
 * re-verify the target with the gatekeeper, dispatch, then settle and report what
 * happened. The agent learns about navigations, tabs and dialogs without asking.
 * `dispatch` gets the tab as the gatekeeper re-read it, to spare its content calls a read.
 */
export async function runWriteAction<T>(
  tabId: number,
  context: ToolContext,
  dispatch: (tab: chrome.tabs.Tab) => Promise<DispatchOutcome<T>>,
  options: WriteOptions = {},
): Promise<{ value: T; effects: ActionEffects }> {
  // Awaited below; a failure before that must not also surface as an unhandled rejection.
  options.prepared?.catch(() => undefined);
  const navigation = new NavigationWatch(tabId);
  const tabs = new TabCreationWatch(tabId);
  // Set inside the precheck, read in `finally`: a holder, since a closure's assignment is invisible to narrowing.
  const patch: { guarding?: Promise<DialogGuard> } = {};
  let collected: Released | null = null;
  try {
    const { guard, before, openedBefore } = await (async () => {
      await adoptAgentTab(tabId);
      context.hops?.mark("write: agent tab adopted");
      const admitted = context.admittedTab?.id === tabId ? context.admittedTab : undefined;
      // Not awaited: a page whose script is slow to answer must not hold the dispatch. Sent
      // before it, it is in place first for content-dispatched input; when it is not, dom_quiet
      // counts its window from its own start, as without it.
      if (options.prepared === undefined) void callContent(tabId, { op: "watch_mutations" }, admitted).catch(() => null);
      // In parallel, all before the dispatch: the patch, the preparation, the tabs it opened so far.
      // A patch that could not go on rejects (dialog_patch_failed): then nothing is dispatched.
      patch.guarding = guardDialogs(tabId);
      // The gatekeeper's last check comes after the preparation, right before the dispatch.
      const checked = (options.prepared ?? Promise.resolve(undefined)).then((prepared) => {
        context.hops?.mark("write: prepared (actionability)");
        return context.beforeDispatch(tabId, prepared?.described);
      });
      const [guard, verified, openedBefore] = await Promise.all([patch.guarding, checked, tabs.openedTabs()]);
      context.hops?.mark("write: dialog patch and tab reads (rest)");
      // The bridge has already answered `timeout` (or the call was cancelled): a late dispatch would act twice.
      if (context.signal.aborted || Date.now() > context.deadline) {
        throw new WebOperatorError(
          "timeout",
          "The action's time ran out before it was dispatched; nothing was done. Retry with a larger timeoutMs.",
        );
      }
      return { guard, before: verified ?? (await chrome.tabs.get(tabId)), openedBefore };
    })().catch((error: unknown) => {
      throw placeFailure(error, "precheck");
    });
    const release = (): Promise<Released> => guard.release();
    // Good for content calls only while no navigation has replaced the document it describes.
    const knownTab = (): chrome.tabs.Tab | undefined => (navigation.navigationStarted ? undefined : before);
    const {
      result: [outcome, { fullWait, observation: early, retract, activity, requested, ...settled }],
      downloads,
    } = await trackDownloadsDuring(async () => {
      const dispatchedAt = Date.now();
      const dispatched = await dispatch(before).catch((error: unknown) => {
        throw placeFailure(error, "dispatch");
      });
      context.hops?.mark("write: dispatch");
      // From here on the action happened: a failure is the check of what it did.
      try {
        const windowFrom = dispatched.dispatchedAt ?? Date.now();
        await navigation.settleAfterAction(context.deadline, {
          expectNavigation: dispatched.navigationStarted ?? false,
          graceMs: dispatched.navigationStarted === undefined ? 30 : 0,
        });
        const pageRequests = async (): Promise<number> => (await release()).requests;
        const settled = await settlePage(tabId, context.deadline, {
          dispatchedAt,
          windowFrom,
          pageRequests,
          elsewhere: () => tabs.openedSince(openedBefore),
          knownTab,
        });
        await tabs.waitForCommit(context.deadline);
        context.hops?.mark("write: settle");
        return [dispatched, settled] as const;
      } catch (error) {
        throw placeFailure(error, "verify");
      }
    });
    const updates = drainDownloadUpdates();
    collected = await release();
    // The patch came off at the end of the settle's first window; what the page raised after
    // that, the recorder answered in the same way.
    const late = fullWait ? await drainRecordedDialogs(tabId) : [];
    // After a quick settle, the tab as the window's end read it (nothing was waited for since).
    const seen = fullWait ? undefined : tabs.sourceTab();
    const [after, tabCreated, observation] = await Promise.all([
      seen ?? chrome.tabs.get(tabId).catch(() => null),
      tabs.keepThePersonsView().then(() => tabs.result()),
      early ?? observeAfterAction(tabId, knownTab(), retract),
    ]);
    context.hops?.mark("write: dialogs released, observation");
    const url = after?.url ?? before.url ?? "";
    const navigated = navigation.navigationStarted || url !== (before.url ?? "");
    const dialogs = [...guard.earlier, ...collected.dialogs, ...late];
    const effects: ActionEffects = {
      effect: strongestEffect({
        navigated,
        tabCreated: tabCreated !== undefined,
        dialogs: dialogs.length,
        downloads: downloads.length,
        activity,
        observation,
        requested,
        pointer: options.pointer === true,
      }),
      navigated,
      url,
      dialogs,
      settled,
      observation,
      ...engineOf(observation, after),
      ...(downloads.length > 0 ? { download_started: downloads } : {}),
      ...(updates.length > 0 ? { download_updates: updates } : {}),
      // Not the agent's choice of destination unless a click shows it was (clickAction.ts says "link").
      ...(tabCreated ? { tab_created: { ...tabCreated, opened_by: "page" as const } } : {}),
    };
    if (collected.restoreFailed !== undefined) throw restoreFailure(effects, collected.restoreFailed);
    return { value: outcome.value, effects };
  } finally {
    navigation.disarm();
    tabs.disarm();
    // A failed write must not leave the page's dialogs answered by us.
    // Awaited even when a parallel check failed first: the patch may have gone on meanwhile.
    const guard = await patch.guarding?.catch(() => null);
    if (guard !== null && guard !== undefined && collected === null) await guard.release().catch(() => undefined);
  }
}

/**
 * The write happened, but the page's dialog functions could not be put back: the call
 * answers a recovery failure that says what the action did, so the agent does not repeat it.
 */
function restoreFailure(effects: ActionEffects, why: string): WebOperatorError {
  const dialogs = effects.dialogs.map((dialog) => `${dialog.type} "${dialog.message}" answered ${dialog.answered}`);
  const did = [
    `effect "${effects.effect}"`,
    ...(effects.navigated ? [`navigated to ${effects.url}`] : []),
    ...(dialogs.length > 0 ? [`dialogs: ${dialogs.join("; ")}`] : []),
    ...(effects.tab_created ? [`opened tab ${effects.tab_created.tabId}`] : []),
  ];
  return new WebOperatorError(
    "recovery_failed",
    `The action WAS dispatched and done (${did.join(", ")}); do not repeat it. Afterwards WebOperator could not restore ` +
      `the page's dialog functions: ${why}. Until the page reloads, its alert/confirm/prompt may not behave as the page wrote them. ` +
      "Take a snapshot to see the page, and reload it (browser.navigate to its URL) if its dialogs must work normally.",
    { stage: "recovery" },
  );
}

interface EffectSignals {
  navigated: boolean;
  tabCreated: boolean;
  dialogs: number;
  downloads: number;
  activity: PageActivity | undefined;
  observation: ActionEffects["observation"];
  requested: boolean;
  pointer: boolean;
}

/**
 * The one word an agent reads first. "none" only when every signal agrees nothing happened:
 * a snapshot line that differs from the agent's last view (a CSS :hover menu, a property no
 * mutation shows) counts as a change, so a click that did something is never called idle.
 */
function strongestEffect(signals: EffectSignals): ActionEffect {
  if (signals.navigated) return "navigated";
  if (signals.tabCreated) return "new_tab";
  if (signals.dialogs > 0) return "dialog";
  if (signals.downloads > 0) return "download";
  const { activity } = signals;
  if (activity?.changed === true || (signals.observation?.diff ?? "") !== "") return "page_changed";
  if (activity?.focus === "editable" || (activity?.focus === "other" && !signals.pointer)) return "focus";
  if (signals.requested) return "requests";
  return activity === undefined || signals.observation === null ? "unknown" : "none";
}

/** A page WebOperator reads with no observation after the action had no content script answering: the agent should know. */
function engineOf(observation: ActionEffects["observation"], tab: chrome.tabs.Tab | null): Pick<ActionEffects, "engine"> {
  if (observation !== null) return { engine: "dom" };
  return /^https?:/i.test(tab?.url ?? "") ? { engine: "cdp-ax" } : {};
}
