import { randomBytes } from "node:crypto";
import {
  WebOperatorError,
  type CommandResult,
  type ConfirmationCategory,
  type ConfirmationRequest,
  type ConfirmationsMode,
  type TaskAutoConfirm,
  type TaskConfirmation,
  type TaskStartPayload,
} from "../../protocol/index.js";
import { parseBrowserResult } from "./browserResult.js";
import type { TaskControl } from "./taskControl.js";
import type { TaskStore } from "./taskStore.js";
import type { TargetHint, TaskStatusSetter, ToolCaller } from "./taskTypes.js";

/**
 * Categories whose action is final: with autoConfirm they still wait for a person (the
 * final Apply/Submit/Send/pay is the user's to press). The categories are the gatekeeper's own decision,
 * carried in confirmation_required's `confirmation`, so a task and an agent are judged alike.
 */
const FINAL_CATEGORIES: ReadonlySet<ConfirmationCategory> = new Set(["submit", "purchase", "messaging"]);

/**
 * With autoConfirm, every gated call is granted except one that sends, buys or messages, and,
 * under a governance that asks for explicit authorization of credential forms, one that
 * submits credentials.
 */
export function autoConfirmAllows(request: ConfirmationRequest, credentialsNeedAnswer = false): boolean {
  return !request.categories.some((category) => FINAL_CATEGORIES.has(category) || (credentialsNeedAnswer && category === "credentials"));
}

/**
 * What a requested autoConfirm becomes. When the user answers confirmations ("user"), a task
 * an agent started grants nothing itself: the agent asked, but the person decides. A task the
 * person started in the side panel keeps the autoConfirm they chose there.
 */
export function effectiveAutoConfirm(requested: boolean, startedByAgent: boolean, mode: ConfirmationsMode): TaskAutoConfirm {
  if (!requested) return { requested, effective: false, reason: null };
  if (startedByAgent && mode === "user") {
    return {
      requested,
      effective: false,
      reason:
        'The user answers confirmations in the WebOperator side panel (confirmations: "user"), so this task grants none itself: every confirmation it meets waits for the user there. tasks.wait or task events tell you the outcome.',
    };
  }
  return { requested, effective: true, reason: "Final submit, apply, send and pay controls still wait for whoever answers confirmations." };
}

export interface ConfirmationDecisionDeps {
  taskId: string;
  options: Pick<TaskStartPayload, "autoConfirm" | "confirmationTimeoutMs">;
  store: TaskStore;
  control: TaskControl;
  callTool: ToolCaller;
  setStatus: TaskStatusSetter;
  /** Whether autoConfirm may still grant now: false once the user answers confirmations themselves. */
  mayAutoConfirm: () => Promise<boolean>;
  /**
   * The starting agent's governance forbids submitting a credential form without explicit
   * authorization: autoConfirm, the agent's own standing grant, is not that.
   */
  credentialsNeedAnswer: boolean;
}

/** A gated call the gatekeeper held: what the task's provider was doing, and where. */
export interface HeldCall {
  type: string;
  gate: ConfirmationRequest;
  /** The member or action the provider runs, named in the prompt; else the tool. */
  action: string | null;
  target: TargetHint | undefined;
  tabId: number | null;
}

const now = (): string => new Date().toISOString();

/**
 * The one place a task's gated call is decided: autoConfirm grants it, or a person answers
 * tasks.confirm in time; then the gatekeeper is told (browser.confirm), and the call's own
 * result comes back, or policy_denied with what the model should do instead.
 */
export class ConfirmationDecision {
  constructor(private readonly deps: ConfirmationDecisionDeps) {}

  /** Settles the held call with the gatekeeper; answers the result of the call once allowed. */
  async settle(held: HeldCall): Promise<unknown> {
    const allowed = await this.decide(held);
    if (!allowed.ok) {
      await this.deps.callTool("browser.confirm", { id: held.gate.id, allow: false }).catch(() => undefined);
      throw new WebOperatorError("policy_denied", allowed.why);
    }
    const confirmed = await this.deps.callTool("browser.confirm", { id: held.gate.id, allow: true });
    return (confirmed as { result?: unknown }).result;
  }

  private async decide({ type, gate, action, target, tabId }: HeldCall): Promise<{ ok: true } | { ok: false; why: string }> {
    const { deps } = this;
    // The gatekeeper's own view of the element wins over the provider's hint.
    const role = gate.target?.role ?? target?.role ?? "";
    const name = gate.target?.name ?? target?.name ?? "";
    const url = gate.url !== "" ? gate.url : tabId === null ? "" : await this.tabUrl(tabId);
    const at = new Date();
    const timeoutMs = deps.options.confirmationTimeoutMs;
    const confirmation: TaskConfirmation = {
      id: `tc_${randomBytes(6).toString("hex")}`,
      action: action ?? type,
      tool: type,
      role,
      name,
      url,
      reasons: gate.reason,
      requestedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + timeoutMs).toISOString(),
    };
    const auto = deps.options.autoConfirm && autoConfirmAllows(gate, deps.credentialsNeedAnswer) && (await deps.mayAutoConfirm());
    deps.store.insertConfirmation({
      id: confirmation.id,
      task_id: deps.taskId,
      gate_id: gate.id,
      action: confirmation.action,
      tool: type,
      role,
      name,
      url,
      reasons: gate.reason,
      requested_at: confirmation.requestedAt,
      expires_at: confirmation.expiresAt,
      answer: auto ? "allowed" : "pending",
      answered_at: auto ? confirmation.requestedAt : null,
    });
    if (auto) return { ok: true };
    deps.setStatus("waiting_confirmation", { confirmation });
    const answer = await deps.control.awaitConfirmation(confirmation.id, timeoutMs);
    deps.store.answerConfirmation(confirmation.id, answer, now());
    deps.control.throwIfEnded();
    deps.setStatus(deps.control.pauseRequested ? "paused" : "running");
    if (answer === "allowed") return { ok: true };
    const what = `${confirmation.action} on ${role || "element"} "${name}"`;
    return {
      ok: false,
      why:
        answer === "expired"
          ? `No one answered the confirmation for ${what} within ${timeoutMs / 1000} s, so it counts as denied. Do not retry it; finish another way or say what is needed.`
          : `The user denied ${what}. Do not retry it; choose another way or stop and say why.`,
    };
  }

  private async tabUrl(tabId: number): Promise<string> {
    try {
      const listed = parseBrowserResult(
        "browser.tabs_list",
        await this.deps.callTool("browser.tabs_list", {}),
      ) as CommandResult<"browser.tabs_list">;
      return listed.tabs.find((tab) => tab.tabId === tabId)?.url ?? "";
    } catch {
      return "";
    }
  }
}
