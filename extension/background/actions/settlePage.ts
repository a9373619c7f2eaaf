import { callContent } from "../contentClient.js";
import { networkActivity } from "./networkActivity.js";

/** Seed §4: a minimum delay, a DOM quiet period and bounded network idle, measured in parallel. */
export const SETTLE = { minDelayMs: 10, domQuietMs: 50, domMaxMs: 1_500, networkIdleMs: 50, networkMaxMs: 2_000 } as const;

export interface Settled {
  dom: boolean;
  network: boolean;
  waitedMs: number;
}

export async function settlePage(tabId: number, deadline: number): Promise<Settled> {
  const started = Date.now();
  const budget = Math.max(0, deadline - started);
  await new Promise((resolve) => setTimeout(resolve, SETTLE.minDelayMs));
  const [dom, network] = await Promise.all([
    callContent(tabId, { op: "dom_quiet", quietMs: SETTLE.domQuietMs, maxMs: Math.max(1, Math.min(SETTLE.domMaxMs, budget)) })
      .then((result) => result.quiet)
      // A page that is unloading or not scriptable has no DOM to wait for.
      .catch(() => false),
    networkActivity.waitForIdle(tabId, SETTLE.networkIdleMs, Math.min(SETTLE.networkMaxMs, budget)),
  ]);
  return { dom, network, waitedMs: Date.now() - started };
}
