import type { ContentResult } from "../../../protocol/index.js";

/**
 * Resolves once the DOM has not changed for quietMs, or after maxMs with quiet: false.
 * A page that never stops mutating (a ticking clock) cannot hold an action forever.
 */
export function waitForDomQuiet(quietMs: number, maxMs: number): Promise<ContentResult<"dom_quiet">> {
  const started = performance.now();
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (quiet: boolean): void => {
      observer.disconnect();
      clearTimeout(quietTimer);
      clearTimeout(hardStop);
      resolve({ quiet, waitedMs: Math.round(performance.now() - started) });
    };
    const restart = (): void => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs);
    };
    // Our own action highlight comes and goes; it is not the page changing.
    const observer = new MutationObserver((records) => {
      if (records.some((record) => !isHighlightRecord(record))) restart();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const hardStop = setTimeout(() => finish(false), maxMs);
    restart();
  });
}

function isHighlightRecord(record: MutationRecord): boolean {
  const nodes = [...record.addedNodes, ...record.removedNodes];
  return record.type === "childList" && nodes.length > 0 && nodes.every((node) => node.nodeName === "WEBOPERATOR-HIGHLIGHT");
}
