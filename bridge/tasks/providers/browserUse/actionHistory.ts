import type { BrowserUseAction } from "../../../../protocol/index.js";
import { canonicalJson } from "../../../perception/canonicalJson.js";

/**
 * The (state_hash, action) tuples a task has executed (an action is not
 * repeated in the state it already ran in). Keys are canonical JSON, so field order does not make two equal actions
 * differ. It is stored with the conversation, so a resumed task keeps it.
 */
export class ActionHistory {
  private readonly executed: Set<string>;

  constructor(entries: Iterable<string> = []) {
    this.executed = new Set(entries);
  }

  has(stateHash: string, action: BrowserUseAction): boolean {
    return this.executed.has(keyOf(stateHash, action));
  }

  record(stateHash: string, action: BrowserUseAction): void {
    this.executed.add(keyOf(stateHash, action));
  }

  toJSON(): string[] {
    return [...this.executed];
  }
}

function keyOf(stateHash: string, action: BrowserUseAction): string {
  return canonicalJson([stateHash, action]);
}
