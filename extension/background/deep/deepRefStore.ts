import type { CdpTarget } from "./cdpTarget.js";
import { formatDeepRef } from "./deepRefFormat.js";

/** Everything a deep ref promises about its element, checked again before any write. */
export interface DeepRefBinding {
  ref: string;
  tabId: number;
  tabEpoch: number;
  generation: number;
  /** The session the node lives in; a child session id dies with its frame or the debugger. */
  target: CdpTarget;
  frameId: string;
  loaderId: string;
  backendNodeId: number;
  /** A remote object for the frame's document, valid only in this session and this document. */
  documentObjectId: string;
  /** <iframe> elements between the node's session and the tab's, innermost first (for geometry). */
  owners: Array<{ target: CdpTarget; backendNodeId: number }>;
  role: string;
  name: string;
  /** The last generation that printed this ref; old ones are pruned. */
  lastSeen: number;
}

/** Old generations kept alive, so a ref from the read before last still resolves. */
const KEPT_GENERATIONS = 4;
const MAX_DROPPED_REASONS = 5_000;

/**
 * Deep refs live only in this service worker's memory. The manager nonce changes with
 * every worker start, so a ref from before a restart can never resolve.
 */
class DeepRefStore {
  readonly managerNonce = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0).toString(36).padStart(6, "0").slice(-6);
  private generation = 0;
  /** Next node index per generation; two reads may interleave on different tabs. */
  private readonly nextIndex = new Map<number, number>();
  /** The last KEPT_GENERATIONS generations read on each tab. */
  private readonly tabGenerations = new Map<number, number[]>();
  private readonly epochs = new Map<number, number>();
  private readonly bindings = new Map<string, DeepRefBinding>();
  /** Why recently dropped refs went stale, so the error can say so (bounded). */
  private readonly dropped = new Map<string, string>();
  /** `${tabId}|${session}|${frameId}|${loaderId}|${backendNodeId}` → ref: one node keeps one ref. */
  private readonly byNode = new Map<string, string>();

  tabEpoch(tabId: number): number {
    return this.epochs.get(tabId) ?? 1;
  }

  /** Called when the tab's top frame commits a new document: its deep refs are stale from now on. */
  bumpEpoch(tabId: number): void {
    this.epochs.set(tabId, this.tabEpoch(tabId) + 1);
    this.forgetTab(tabId, "its tab navigated to another page");
  }

  forgetTab(tabId: number, reason: string): void {
    this.tabGenerations.delete(tabId);
    for (const [ref, binding] of this.bindings) if (binding.tabId === tabId) this.drop(ref, binding, reason);
  }

  /**
   * Generations are counted per worker, not per tab, so two tabs never print the same ref;
   * pruning is per tab, so reading other tabs never ages this tab's refs.
   */
  beginGeneration(tabId: number): number {
    this.generation += 1;
    this.nextIndex.set(this.generation, 0);
    const recent = [...(this.tabGenerations.get(tabId) ?? []), this.generation].slice(-KEPT_GENERATIONS);
    this.tabGenerations.set(tabId, recent);
    const oldestKept = recent[0] ?? this.generation;
    for (const [ref, binding] of this.bindings) {
      if (binding.tabId === tabId && binding.lastSeen < oldestKept)
        this.drop(ref, binding, `it is from an older deep read of its tab (the last ${KEPT_GENERATIONS} are kept)`);
    }
    return this.generation;
  }

  isIssuedGeneration(generation: number): boolean {
    return generation >= 1 && generation <= this.generation;
  }

  issue(fields: Omit<DeepRefBinding, "ref" | "lastSeen">): string {
    const nodeKey = `${fields.tabId}|${fields.target.sessionId ?? "root"}|${fields.frameId}|${fields.loaderId}|${fields.backendNodeId}`;
    const existing = this.bindings.get(this.byNode.get(nodeKey) ?? "");
    if (existing && existing.tabEpoch === fields.tabEpoch && existing.documentObjectId === fields.documentObjectId) {
      existing.lastSeen = fields.generation;
      existing.role = fields.role;
      existing.name = fields.name;
      return existing.ref;
    }
    const index = (this.nextIndex.get(fields.generation) ?? 0) + 1;
    this.nextIndex.set(fields.generation, index);
    const ref = formatDeepRef({ managerNonce: this.managerNonce, tabEpoch: fields.tabEpoch, generation: fields.generation, index });
    this.bindings.set(ref, { ...fields, ref, lastSeen: fields.generation });
    this.byNode.set(nodeKey, ref);
    return ref;
  }

  lookup(ref: string): DeepRefBinding | undefined {
    return this.bindings.get(ref);
  }

  whyDropped(ref: string): string | undefined {
    return this.dropped.get(ref);
  }

  private drop(ref: string, binding: DeepRefBinding, reason: string): void {
    this.bindings.delete(ref);
    this.dropped.set(ref, reason);
    if (this.dropped.size > MAX_DROPPED_REASONS) this.dropped.delete(this.dropped.keys().next().value ?? "");
    const nodeKey = `${binding.tabId}|${binding.target.sessionId ?? "root"}|${binding.frameId}|${binding.loaderId}|${binding.backendNodeId}`;
    if (this.byNode.get(nodeKey) === ref) this.byNode.delete(nodeKey);
  }
}

export const deepRefStore = new DeepRefStore();

// Registered at load so that a worker woken by navigation still counts it.
chrome.webNavigation.onCommitted.addListener((details) => {
  if (details.frameId === 0) deepRefStore.bumpEpoch(details.tabId);
});
chrome.tabs.onRemoved.addListener((tabId) => deepRefStore.forgetTab(tabId, "its tab was closed"));
chrome.tabs.onReplaced.addListener((_added, removed) => deepRefStore.forgetTab(removed, "its tab was replaced by another"));
chrome.debugger.onDetach.addListener((source) => {
  if (source.tabId !== undefined) deepRefStore.forgetTab(source.tabId, "the debugger detached from its tab");
});
