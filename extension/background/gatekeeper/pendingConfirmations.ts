import { z } from "zod";
import {
  AgentIdentitySchema,
  RequesterSchema,
  UploadGrantSchema,
  WebOperatorError,
  type AgentIdentity,
  type GateConfirmationView,
  type Requester,
  type UploadGrant,
} from "../../../protocol/index.js";
import { ConfirmationCategorySchema } from "../../../protocol/tools/gatekeeperTools.js";
import type { Finding } from "./confirmationRules.js";
import { cell } from "../storage/cell.js";

/** What was held back, and what the confirmed replay must still find. */
export interface PendingConfirmation {
  id: string;
  tool: string;
  input: unknown;
  defaultTabId: number | undefined;
  tabId: number;
  origin: string;
  /** The page it was asked on, for the side panel. */
  url: string;
  /** The first target's role and name, for the side panel. */
  target: { role: string; name: string } | null;
  /** The agent connection or task that asked. */
  requester: Requester | null;
  /** The agent whose tabs the replay acts in (absent from an older bridge). */
  agent: AgentIdentity | null;
  /** The bridge's grant for a task's own attachment upload, carried to the confirmed replay. */
  uploadGrant: UploadGrant | null;
  /** role|name|tag|type of each described target, in order: the replay must see the same. */
  targets: string[];
  findings: Finding[];
  timeoutMs: number;
  expiresAt: number;
}

const StoredSchema = z
  .object({
    pending: z.array(
      z.object({
        id: z.string(),
        tool: z.string(),
        input: z.unknown(),
        defaultTabId: z.number().int().optional(),
        tabId: z.number().int(),
        origin: z.string(),
        url: z.string(),
        target: z.object({ role: z.string(), name: z.string() }).nullable(),
        requester: RequesterSchema.nullable(),
        agent: AgentIdentitySchema.nullable().default(null),
        uploadGrant: UploadGrantSchema.nullable().default(null),
        targets: z.array(z.string()),
        findings: z.array(z.object({ category: ConfirmationCategorySchema, why: z.string() })),
        timeoutMs: z.number(),
        expiresAt: z.number(),
      }),
    ),
    closed: z.array(z.tuple([z.string(), z.string()])),
  })
  .default(() => ({ pending: [], closed: [] }));

/** In session storage: pending confirmations outlive the service worker, not the browser. */
const stored = cell("session", "weboperator.pendingConfirmations", StoredSchema);
const MAX_PENDING = 50;
const MAX_REMEMBERED = 200;

/**
 * Actions waiting for an answer (browser.confirm, or Allow/Deny in the side panel). Kept
 * in session storage, so a service worker Chrome stopped and restarted still has them;
 * every change is written through the storage cell's one chain.
 */
class PendingConfirmations {
  private readonly pending = new Map<string, PendingConfirmation>();
  /** Ids that expired or were answered, so a late browser.confirm gets a precise answer. */
  private readonly closed = new Map<string, string>();
  private loaded: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  /** Called after every change: the badge and open side panels follow. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  async add(entry: Omit<PendingConfirmation, "id">): Promise<PendingConfirmation> {
    await this.load();
    this.sweep();
    if (this.pending.size >= MAX_PENDING) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.close(oldest, "was dropped because too many confirmations were waiting");
    }
    const pending = { ...entry, id: newId() };
    this.pending.set(pending.id, pending);
    await this.save();
    return pending;
  }

  /** Removes and returns the confirmation, or explains why there is none. */
  async take(id: string): Promise<PendingConfirmation> {
    await this.load();
    this.sweep();
    const entry = this.pending.get(id);
    if (entry !== undefined) {
      this.pending.delete(id);
      this.close(id, "was already answered");
      await this.save();
      return entry;
    }
    const why = this.closed.get(id);
    if (why !== undefined) {
      throw new WebOperatorError(
        "policy_denied",
        `Confirmation ${id} ${why}, so its action was denied. Repeat the action to get a new confirmation id.`,
      );
    }
    throw new WebOperatorError(
      "not_found",
      `There is no confirmation ${id} (never issued, or the browser restarted). Repeat the action to get a new confirmation id.`,
    );
  }

  /** Peeks without taking: the replay must be allowed for this requester before anything is consumed. */
  async get(id: string): Promise<PendingConfirmation | undefined> {
    await this.load();
    return this.pending.get(id);
  }

  async list(): Promise<GateConfirmationView[]> {
    await this.load();
    if (this.sweep()) await this.save();
    return [...this.pending.values()].map((entry) => ({
      id: entry.id,
      tool: entry.tool,
      reasons: entry.findings.map((finding) => `${finding.category} (${finding.why})`),
      categories: [...new Set(entry.findings.map((finding) => finding.category))],
      target: entry.target,
      url: entry.url,
      tabId: entry.tabId,
      requester: entry.requester,
      expiresAt: entry.expiresAt,
    }));
  }

  /** Stop all agents: every waiting action is denied. */
  async denyAll(why: string): Promise<number> {
    await this.load();
    const ids = [...this.pending.keys()];
    for (const id of ids) {
      this.pending.delete(id);
      this.close(id, why);
    }
    if (ids.length > 0) await this.save();
    return ids.length;
  }

  private load(): Promise<void> {
    this.loaded ??= stored
      .read()
      .then(({ pending, closed }) => {
        for (const entry of pending) this.pending.set(entry.id, { ...entry, defaultTabId: entry.defaultTabId });
        for (const [id, why] of closed) this.closed.set(id, why);
      })
      .catch(() => undefined);
    return this.loaded;
  }

  private save(): Promise<void> {
    const run = stored.write({ pending: [...this.pending.values()], closed: [...this.closed.entries()] });
    for (const listener of this.listeners) listener();
    return run;
  }

  /** Drops expired entries; true when any expired. */
  private sweep(): boolean {
    const now = Date.now();
    let swept = false;
    for (const [id, entry] of this.pending) {
      if (entry.expiresAt <= now) {
        this.pending.delete(id);
        this.close(id, `expired unanswered after ${entry.timeoutMs / 1000} s`);
        swept = true;
      }
    }
    return swept;
  }

  private close(id: string, why: string): void {
    this.closed.set(id, why);
    if (this.closed.size > MAX_REMEMBERED) {
      const oldest = this.closed.keys().next().value;
      if (oldest !== undefined) this.closed.delete(oldest);
    }
  }
}

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `cf_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export const pendingConfirmations = new PendingConfirmations();
