import type { AgentIdentity } from "../../../protocol/index.js";

const STORAGE_KEY = "weboperator.tabOwners";

/** Which agent holds each tab, the identities behind the ids, and which tab group is whose. */
export interface OwnerState {
  tabs: Record<string, string>;
  agents: Record<string, AgentIdentity>;
  groups: Record<string, string>;
}

/**
 * The tab ownership record, in chrome.storage.session so a restarted worker still knows
 * whose tab is whose (tab groups survive the worker; this map says which group is whose).
 * Every read-check-write runs in one chain, so two agents claiming the same tab at once
 * are decided one after the other: the second sees the first's claim.
 */
let state: Promise<OwnerState> | null = null;
let chain: Promise<unknown> = Promise.resolve();

function load(): Promise<OwnerState> {
  state ??= chrome.storage.session.get(STORAGE_KEY).then((items) => parse(items[STORAGE_KEY]));
  return state;
}

/** Runs `change` alone against the current record; a returned true persists the record. */
export function withOwners<T>(change: (owners: OwnerState) => Promise<{ value: T; changed: boolean }>): Promise<T> {
  const run = chain.then(async () => {
    const owners = await load();
    const { value, changed } = await change(owners);
    if (changed) await chrome.storage.session.set({ [STORAGE_KEY]: owners }).catch(() => undefined);
    return value;
  });
  chain = run.catch(() => undefined);
  return run;
}

/** A read without waiting for the chain: for reports, where a claim landing a moment later does not matter. */
export async function readOwners(): Promise<OwnerState> {
  return load();
}

function parse(stored: unknown): OwnerState {
  const empty: OwnerState = { tabs: {}, agents: {}, groups: {} };
  if (typeof stored !== "object" || stored === null) return empty;
  const record = stored as Partial<OwnerState>;
  return {
    tabs: typeof record.tabs === "object" && record.tabs !== null ? { ...record.tabs } : {},
    agents: typeof record.agents === "object" && record.agents !== null ? { ...record.agents } : {},
    groups: typeof record.groups === "object" && record.groups !== null ? { ...record.groups } : {},
  };
}
