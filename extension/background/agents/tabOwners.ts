import { z } from "zod";
import { AgentIdentitySchema } from "../../../protocol/index.js";
import { cell } from "../storage/cell.js";

const ids = (): Record<string, string> => ({});

/** Which agent holds each tab, the identities behind the ids, and which tab group is whose. */
const OwnerStateSchema = z
  .object({
    tabs: z.record(z.string(), z.string()).default(ids),
    agents: z.record(z.string(), AgentIdentitySchema).default(() => ({})),
    groups: z.record(z.string(), z.string()).default(ids),
  })
  .default(() => ({ tabs: {}, agents: {}, groups: {} }));
export type OwnerState = z.output<typeof OwnerStateSchema>;

/**
 * The tab ownership record, in session storage so a restarted worker still knows whose tab
 * is whose (tab groups survive the worker; this map says which group is whose). Every
 * read-check-write runs in the cell's one chain, so two agents claiming the same tab at
 * once are decided one after the other: the second sees the first's claim.
 */
const owners = cell("session", "weboperator.tabOwners", OwnerStateSchema);

/** Runs `change` alone against the current record; a returned true stores the record. */
export function withOwners<T>(change: (owners: OwnerState) => Promise<{ value: T; changed: boolean }>): Promise<T> {
  return owners.update(async (current) => {
    const { value, changed } = await change(current);
    return { result: value, ...(changed ? { next: current } : {}) };
  });
}

/** A read without waiting for the chain: for reports, where a claim landing a moment later does not matter. */
export function readOwners(): Promise<OwnerState> {
  return owners.read();
}
