import { WebOperatorError, isTabScoped, type UploadGrant } from "../../../protocol/index.js";
import type { Admission, PreparedTarget, ToolContext, ToolDescriptor, ToolGate, ToolRegistry } from "../toolRegistry.js";
import { resolveTab, type ResolvedTab } from "../tabResolver.js";
import { ownTabRoute } from "../agents/ownTabRoute.js";
import { askConfirmation, checkConfirmations, type ConfirmationBasis, type GatedCall } from "./confirmationGate.js";
import { holdSends, liftSendHolds, type HeldSend, type SendHold } from "./sendHold.js";
import { shortenUrl } from "../httpUrl.js";
import { NavigationGuard } from "./navigationGuard.js";
import { holdToAuthorizedDomains } from "./governedWriteRule.js";
import { refuserOf, remedyFor } from "./hostRules.js";
import { checkCapabilities, checkOpenUrl, checkPage, originOf } from "./pageChecks.js";
import { pendingConfirmations, type PendingConfirmation } from "./pendingConfirmations.js";
import { policyFor, policyStore } from "./policyStore.js";
import type { GovernedPolicy } from "./governedPolicy.js";
import { plannedActions } from "./toolIntents.js";
import { admitAgentTab, claimNewTab } from "../agents/tabAdmission.js";
import { createdTabs } from "../agents/createdTabs.js";
import { documentToJudge } from "./answeringDocument.js";

type BaseContext = Omit<ToolContext, "beforeDispatch" | "runTool" | "admittedTab">;

interface AdmittedCall {
  tool: ToolDescriptor;
  uploadGrant: UploadGrant | undefined;
  tabId: number | null;
  origin: string;
  guard: NavigationGuard | null;
  /** Whose governance the dispatch-time check applies again. */
  agent: BaseContext["agent"];
  /** Releases of the governance rules this write put on its tabs (governedWriteRule.ts). */
  ruleReleases: Array<() => Promise<void>>;
  ruledTabs: Set<number>;
  /** An activating write no confirmation covers: the sends its page script starts are held (sendHold.ts). */
  sendCheck: { call: GatedCall; basis: ConfirmationBasis } | null;
  /** A confirmed replay of an activating write: the tab's send holds come off for it (sendHold.ts). */
  liftsHolds: boolean;
  sendHolds: SendHold[];
  /** The call's deadline: the page's send hold is armed to outlast it. */
  deadline: number;
  /**
   * The confirmation judgement again, on the targets as they are right before dispatch: after the
   * preparation scrolled them into view, whose scroll handlers may have rewritten a link or a form.
   * `prepared`: the target as the preparation described it at its end, read instead of asking the page again.
   */
  rejudge: ((prepared: PreparedTarget | undefined) => Promise<void>) | null;
  hops: BaseContext["hops"];
}

/**
 * The ToolGate every command passes (docs/gatekeeper.md). Before a tool runs: its
 * capability (JavaScript, uploads), any URL it opens, the page it acts on, and the
 * confirmation categories. Right before it dispatches: tab identity, origin and policy
 * again. While a write runs: the navigations it causes (NavigationGuard).
 */
export class Gatekeeper implements ToolGate {
  /** Admitted calls per context, innermost last: runTool nests calls on the same context. */
  private readonly calls = new WeakMap<BaseContext, AdmittedCall[]>();
  /** Confirmed replays, keyed by the context object the replay (and its nested steps) runs with. */
  private readonly grants = new WeakMap<BaseContext, PendingConfirmation>();
  private registry: ToolRegistry | null = null;

  /** The registry confirmed actions are replayed through (with this gate in front again). */
  bind(registry: ToolRegistry): ToolRegistry {
    this.registry = registry;
    return registry.setGate(this);
  }

  async admit(tool: ToolDescriptor, input: unknown, context: BaseContext): Promise<Admission> {
    if (!tool.spec.gated) return { beforeDispatch: () => Promise.resolve(null), tab: null };
    const policy = await policyFor(context.agent);
    context.hops?.mark("worker: gate, policy read");
    const uploadGrant = grantedUpload(tool, input, context);
    checkCapabilities(tool.name, tool.spec.capability, policy, uploadGrant);
    const plans = plannedActions(tool.name, input);
    for (const plan of plans) if (plan.url !== null) checkOpenUrl(policy, plan.url);
    const { tab, opened } = await this.targetTab(tool, input, context, policy);
    let sendCheck: AdmittedCall["sendCheck"] = null;
    let liftsHolds = false;
    context.hops?.mark("worker: gate, tab read");
    const pageUrl = tab?.url ?? tab?.pendingUrl ?? "";
    const origin = originOf(pageUrl);
    let rejudge: AdmittedCall["rejudge"] = null;
    try {
      if (tab !== null)
        await admitAgentTab(
          context.agent,
          tab.id,
          typeof (input as { tabId?: unknown } | null)?.tabId === "number" ? "explicit" : "default",
          tool.effects === "write",
          policy,
        );
      // Browser-data commands (L0) skip the page check, so an agent can navigate away from a
      // refused page; an agent bound to authorized domains may not read another host's tab with them either.
      const readsOtherHost = tool.effects === "read" && policy.authorizedDomains !== undefined;
      if (tab !== null && (tool.level !== "L0" || readsOtherHost)) checkPage(policy, tab.id, pageUrl);
      if (tool.effects === "write") {
        const gatedTab = tab === null ? null : { id: tab.id, url: pageUrl, origin, read: tab };
        const call: GatedCall = {
          tool: tool.name,
          input,
          defaultTabId: context.defaultTabId,
          tab: gatedTab,
          requester: context.requester ?? null,
          agent: context.agent ?? null,
          uploadGrant: uploadGrant ?? null,
          level: tool.level ?? null,
          escalation: context.escalation ?? null,
        };
        const grant = this.grants.get(context);
        const basis = await checkConfirmations(call, plans, policy, grant);
        const activates = plans.some((plan) => plan.activates || plan.submitsByKeyboard);
        if (grant === undefined && activates && gatedTab !== null) sendCheck = { call, basis };
        liftsHolds = grant !== undefined && activates && gatedTab !== null;
        // The tab as read now may be gone by dispatch: the judgement then reads it afresh.
        const again: GatedCall = { ...call, tab: gatedTab === null ? null : { id: gatedTab.id, url: gatedTab.url, origin } };
        rejudge = async (prepared) => {
          await checkConfirmations(again, plans, policy, grant, prepared);
        };
      }
    } catch (error) {
      // A blank tab opened for a call that was then refused would be litter in the person's window.
      if (opened && tab !== null) await chrome.tabs.remove(tab.id).catch(() => undefined);
      throw error;
    }
    const admitted: AdmittedCall = {
      tool,
      uploadGrant,
      tabId: tab?.id ?? null,
      origin,
      guard: null,
      agent: context.agent,
      ruleReleases: [],
      ruledTabs: new Set(),
      sendCheck,
      liftsHolds,
      sendHolds: [],
      deadline: context.deadline,
      rejudge,
      hops: context.hops,
    };
    // Armed last: nothing after this may throw, or the listeners would outlive the call.
    if (tool.effects === "write") admitted.guard = new NavigationGuard(tab?.id ?? null, policy, tab === null);
    this.calls.set(context, [...(this.calls.get(context) ?? []), admitted]);
    return { beforeDispatch: (tabId, prepared) => this.beforeDispatch(admitted, tabId, prepared), tab };
  }

  /** Called by the registry after the tool finished or failed; a forbidden navigation replaces the outcome. */
  async settle(context: BaseContext): Promise<void> {
    const stack = this.calls.get(context) ?? [];
    const admitted = stack.pop();
    if (stack.length === 0) {
      this.calls.delete(context);
      this.grants.delete(context);
    }
    if (admitted !== undefined) await Promise.all(admitted.ruleReleases.splice(0).map((release) => release()));
    const held = admitted === undefined ? [] : (await Promise.all(admitted.sendHolds.splice(0).map((hold) => hold.release()))).flat();
    if (admitted?.tool.effects === "write") context.hops?.mark("gate: holds released");
    const guard = admitted?.guard;
    guard?.disarm();
    const violation = guard?.violation ?? null;
    if (violation === null) {
      if (held.length > 0 && admitted?.sendCheck) await askAboutHeldSends(admitted.sendCheck, held, await policyFor(admitted.agent));
      return;
    }
    await guard?.settled();
    throw new WebOperatorError(
      "policy_denied",
      `Tab ${violation.tabId} ${violation.url}, which ${refuserOf(violation)} forbids (${violation.reason}). The tab was sent to about:blank. ${remedyFor(violation)}`,
    );
  }

  /**
   * Tabs a call opened (tab_open, a click's child tab) join its agent's tabs and group. A read's
   * answer names the document that produced it: if that is not on the origin the gate admitted
   * (the tab committed another document between the gate's tab read and the page's answer), the
   * policy judges that document's URL before anything of it reaches the agent.
   */
  async adopt(tool: ToolDescriptor, context: BaseContext, result: unknown, admittedTab: ResolvedTab | null): Promise<void> {
    const answered = tool.effects === "read" && admittedTab !== null ? documentToJudge(result, admittedTab) : null;
    // The same rule as admit's page check for a read.
    if (answered !== null) {
      const policy = await policyFor(context.agent);
      if (tool.level !== "L0" || policy.authorizedDomains !== undefined) checkPage(policy, answered.tabId, answered.url);
    }
    for (const tabId of createdTabs(tool.name, result)) await claimNewTab(context.agent, tabId);
  }

  /**
   * browser.confirm: runs the held-back action through the registry again, or drops it.
   * With confirmations: "user" only the side panel answers, or a task whose confirmation the
   * user already answered in the panel (the task engine then replays through here).
   */
  async answer(
    id: string,
    allow: boolean,
    context: BaseContext,
  ): Promise<{ id: string; tool: string; allowed: boolean; result?: unknown }> {
    if (context.requester?.kind !== "task" && (await policyStore.current()).confirmations === "user") {
      throw new WebOperatorError(
        "policy_denied",
        `The user answers confirmations in the WebOperator side panel (their confirmations setting is "user"), so browser.confirm from the socket is refused. Ask the user to Allow or Deny ${id} there; a confirmation:answered event brings the outcome.`,
      );
    }
    // The agent's own governance asked for a person: the agent may withdraw the action, not allow it.
    const held = await pendingConfirmations.get(id);
    if (allow && held?.findings.some((finding) => finding.category === "escalation") === true) {
      throw new WebOperatorError(
        "policy_denied",
        `Confirmation ${id} is an escalation the agent's own governance asked for (escalate_when), so only the person allows it, in the WebOperator side panel. browser.confirm with "allow": false withdraws it.`,
      );
    }
    return this.replay(await pendingConfirmations.take(id), allow, context);
  }

  /** The side panel's Allow / Deny: the user's own answer, from the extension's UI. */
  async answerFromPanel(
    id: string,
    allow: boolean,
  ): Promise<{ pending: PendingConfirmation; outcome: Promise<{ allowed: boolean; result?: unknown }> }> {
    const pending = await pendingConfirmations.take(id);
    const context: BaseContext = {
      defaultTabId: pending.defaultTabId,
      agent: pending.agent ?? undefined,
      deadline: Date.now() + 60_000,
      signal: new AbortController().signal,
    };
    return { pending, outcome: this.replay(pending, allow, context) };
  }

  private async replay(
    pending: PendingConfirmation,
    allow: boolean,
    context: BaseContext,
  ): Promise<{ id: string; tool: string; allowed: boolean; result?: unknown }> {
    const id = pending.id;
    if (!allow) return { id, tool: pending.tool, allowed: false };
    if (this.registry === null) throw new WebOperatorError("internal_error", "The gatekeeper is not bound to the tool registry.");
    // The replay acts for whoever asked, so its highlight names them.
    const replay: BaseContext = {
      defaultTabId: pending.defaultTabId,
      // The same agent as it is now: governance it narrowed since the hold applies to the replay.
      agent: pending.agent !== null && context.agent?.id === pending.agent.id ? context.agent : (pending.agent ?? context.agent),
      deadline: context.deadline,
      signal: context.signal,
      ...(pending.requester === null ? {} : { requester: pending.requester }),
      ...(pending.uploadGrant === null ? {} : { uploadGrant: pending.uploadGrant }),
    };
    this.grants.set(replay, pending);
    try {
      const result = await this.registry.execute(pending.tool, pending.input, replay);
      return { id, tool: pending.tool, allowed: true, result };
    } finally {
      this.grants.delete(replay);
    }
  }

  private async beforeDispatch(admitted: AdmittedCall, tabId: number, prepared?: PreparedTarget): Promise<chrome.tabs.Tab> {
    let tab: chrome.tabs.Tab;
    try {
      tab = await chrome.tabs.get(tabId);
    } catch {
      throw new WebOperatorError(
        "tab_not_found",
        `Tab ${tabId} closed before ${admitted.tool.name} could act on it. List tabs and retry on an open one.`,
      );
    }
    const violation = admitted.guard?.violation;
    if (violation)
      throw new WebOperatorError(
        "policy_denied",
        `Tab ${violation.tabId} ${violation.url}, which ${refuserOf(violation)} forbids (${violation.reason}).`,
      );
    const policy = await policyFor(admitted.agent);
    checkCapabilities(admitted.tool.name, admitted.tool.spec.capability, policy, admitted.uploadGrant);
    const pageUrl = tab.url ?? tab.pendingUrl ?? "";
    if (tabId === admitted.tabId && originOf(pageUrl) !== admitted.origin) {
      throw new WebOperatorError(
        "policy_denied",
        `Tab ${tabId} changed from ${admitted.origin} to ${originOf(pageUrl)} after ${admitted.tool.name} was admitted, so it was not dispatched. Take a new snapshot and retry.`,
      );
    }
    if (admitted.tool.level !== "L0") checkPage(policy, tabId, pageUrl);
    admitted.hops?.mark("gate: dispatch check, tab and policy read");
    if (tabId === admitted.tabId && admitted.rejudge !== null) await admitted.rejudge(prepared);
    admitted.hops?.mark("gate: dispatch check, judged again");
    if (admitted.sendCheck !== null && tabId === admitted.tabId && admitted.sendHolds.length === 0)
      admitted.sendHolds.push(await holdSends(tabId, policy, tab, admitted.deadline, admitted.sendCheck.basis.stepSends, admitted.hops));
    if (admitted.liftsHolds && tabId === admitted.tabId && admitted.sendHolds.length === 0)
      admitted.sendHolds.push(await liftSendHolds(tabId, tab));
    admitted.hops?.mark("gate: send holds armed");
    if (admitted.tool.effects === "write" && policy.authorizedDomains !== undefined && !admitted.ruledTabs.has(tabId)) {
      admitted.ruledTabs.add(tabId);
      admitted.ruleReleases.push(await holdToAuthorizedDomains(tabId, policy.authorizedDomains));
    }
    return tab;
  }

  /** The tab a tab-scoped tool will act on, resolved as the tool itself resolves it (toolTab). */
  private async targetTab(
    tool: ToolDescriptor,
    input: unknown,
    context: BaseContext,
    policy: GovernedPolicy,
  ): Promise<{ tab: ResolvedTab | null; opened: boolean }> {
    const explicit = (input as { tabId?: unknown } | null)?.tabId;
    const forRead = tool.effects === "read";
    if (typeof explicit === "number") return { tab: await resolveTab(explicit, context.defaultTabId, { forRead }), opened: false };
    if (!isTabScoped(tool.name)) return { tab: null, opened: false };
    if (tool.spec.opensOwnTab) return ownTabRoute(context.agent, context.defaultTabId, policy);
    return { tab: await resolveTab(undefined, context.defaultTabId, { forRead }), opened: false };
  }
}

/**
 * The bridge's grant counts only for the call it was sent with, an upload carrying bytes: a
 * nested call or an upload by path gets none.
 */
function grantedUpload(tool: ToolDescriptor, input: unknown, context: BaseContext): UploadGrant | undefined {
  if (context.uploadGrant === undefined || tool.name !== "browser.upload_file") return undefined;
  const files = (input as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? context.uploadGrant : undefined;
}

/** The write ran, but a send its page script started was held before it left: ask, as for any consequential action. */
function askAboutHeldSends(check: NonNullable<AdmittedCall["sendCheck"]>, held: HeldSend[], policy: GovernedPolicy): Promise<never> {
  const findings = held.map((send) => ({
    category: send.category,
    why: `${check.call.tool} ran, and ${send.how} ${shortenUrl(send.url)}, which was held before it left`,
  }));
  return askConfirmation(check.call, findings, check.basis, policy);
}

export const gatekeeper = new Gatekeeper();
