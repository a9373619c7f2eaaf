import { AGENT_TAB_TIMING, RECORDER_KEY, armPage } from "../../pageScripts/dialogRecorderPage.js";
import { hideAgentTiming } from "./agentTimingHidden.js";

type Mask = <F extends object>(replacement: F, original: object) => F;

/**
 * MAIN world, document_start, every frame: the dialog recorder in agent tabs' documents
 * before the page's first script can raise a dialog. Installing it from the service worker
 * when the document commits comes too late for an alert in the first inline script, which
 * would then freeze the tab. Whether this is an agent tab is known synchronously from the
 * document's own response: the network rules (networkRules.ts) add a Server-Timing entry to
 * document responses in agent tabs only, which is hidden from the page once read. A page
 * that sends that entry itself only gets its own dialogs answered; nothing is reported for a
 * tab no agent holds.
 */
(() => {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.serverTiming.some((entry) => entry.name === AGENT_TAB_TIMING) !== true) return;
  armPage(RECORDER_KEY, null);
  const mask = (window as unknown as Record<string, { mask?: Mask } | undefined>)[RECORDER_KEY]?.mask;
  if (mask !== undefined) hideAgentTiming(AGENT_TAB_TIMING, mask);
})();
