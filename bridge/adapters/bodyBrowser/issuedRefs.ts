import type { AgentSession } from "../../commandContext.js";
import type { BodyPerception } from "../../perception/bodyPerception.js";

/**
 * The `@eN` refs each connection was last given, per tab. `@eN` is a position in one
 * perception, so it is only ever resolved against the perception that issued it, to the
 * WebOperator ref behind it; that ref then answers stale_ref if its element is gone.
 */
const issued = new WeakMap<AgentSession, Map<number, ReadonlyMap<string, string>>>();

export function rememberRefs(session: AgentSession, perception: BodyPerception): void {
  let byTab = issued.get(session);
  if (byTab === undefined) {
    byTab = new Map();
    issued.set(session, byTab);
  }
  const ours = new Map<string, string>();
  for (const [ref, at] of perception.atRefs) ours.set(at, ref);
  byTab.set(perception.observation.tabId, ours);
}

/** The WebOperator ref an `@eN` stands for in this tab, or undefined when it was never issued. */
export function issuedRef(session: AgentSession, tabId: number, atRef: string): string | undefined {
  return issued
    .get(session)
    ?.get(tabId)
    ?.get(atRef.startsWith("@") ? atRef : `@${atRef}`);
}
