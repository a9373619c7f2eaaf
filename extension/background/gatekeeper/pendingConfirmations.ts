import { WebOperatorError } from "../../../protocol/index.js";
import type { Finding } from "./confirmationRules.js";

/** What was held back, and what the confirmed replay must still find. */
export interface PendingConfirmation {
  id: string;
  tool: string;
  input: unknown;
  defaultTabId: number | undefined;
  tabId: number;
  origin: string;
  /** role|name|tag|type of each described target, in order: the replay must see the same. */
  targets: string[];
  findings: Finding[];
  timeoutMs: number;
  expiresAt: number;
}

const MAX_PENDING = 50;
const MAX_REMEMBERED = 200;

/**
 * Actions waiting for browser.confirm. Memory only: a service-worker restart forgets
 * them, which answers the same as a denial (the agent repeats the action for a new id).
 */
class PendingConfirmations {
  private readonly pending = new Map<string, PendingConfirmation>();
  /** Ids that expired or were answered, so a late browser.confirm gets a precise answer. */
  private readonly closed = new Map<string, string>();

  add(entry: Omit<PendingConfirmation, "id">): PendingConfirmation {
    this.sweep();
    if (this.pending.size >= MAX_PENDING) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.close(oldest, "was dropped because too many confirmations were waiting");
    }
    const pending = { ...entry, id: newId() };
    this.pending.set(pending.id, pending);
    return pending;
  }

  /** Removes and returns the confirmation, or explains why there is none. */
  take(id: string): PendingConfirmation {
    this.sweep();
    const entry = this.pending.get(id);
    if (entry !== undefined) {
      this.pending.delete(id);
      this.close(id, "was already answered");
      return entry;
    }
    const why = this.closed.get(id);
    if (why !== undefined) {
      throw new WebOperatorError("policy_denied", `Confirmation ${id} ${why}, so its action was denied. Repeat the action to get a new confirmation id.`);
    }
    throw new WebOperatorError("not_found", `There is no confirmation ${id} (never issued, or the extension restarted). Repeat the action to get a new confirmation id.`);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, entry] of this.pending) {
      if (entry.expiresAt <= now) {
        this.pending.delete(id);
        this.close(id, `expired unanswered after ${entry.timeoutMs / 1000} s`);
      }
    }
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
