import { WebOperatorError, describeZodError, type AgentGovernance } from "../../../protocol/index.js";
import { governedPolicy, type GovernedPolicy } from "./governedPolicy.js";
import {
  AGENT_POLICY_SESSION_KEY,
  PolicyPatchSchema,
  PolicySchema,
  USER_POLICY_STORAGE_KEY,
  UserPolicySettingsSchema,
  type Policy,
  type PolicyPatch,
  type UserPolicySettings,
} from "../../../protocol/tools/gatekeeperTools.js";
import bundledPolicy from "../../policy/defaultPolicy.json";
import { changedFields, loosenings } from "./policyTightening.js";
import { presenceDefault } from "./presenceDefault.js";
import { cell } from "../storage/cell.js";
import { USER_SETTINGS_PLACE } from "./pageChecks.js";

interface LoadedPolicy {
  policy: Policy;
  /** The user's settings (local storage): persistent, and the only way to loosen. */
  settings: UserPolicySettings;
  /** Tightenings an agent made with browser.policy_set (session storage). */
  agentPatch: PolicyPatch;
}

const BUNDLED = PolicySchema.safeParse(bundledPolicy);

/*
 * The user may also write the settings from the worker's DevTools, and the agents' session
 * tightenings may be cleared there: both cells follow other writers. Agent tightenings live
 * in session storage: they last until the browser restarts, so an agent that locked itself
 * out (say, blockPrivateNetworks on a 127.0.0.1 app) is undone by a relaunch, while the
 * user's own settings persist.
 */
const userSettings = cell(
  "local",
  USER_POLICY_STORAGE_KEY,
  UserPolicySettingsSchema.default(() => ({})),
  { otherWriters: true },
);
const agentTightenings = cell(
  "session",
  AGENT_POLICY_SESSION_KEY,
  PolicyPatchSchema.default(() => ({})),
  { otherWriters: true },
);

/**
 * The effective policy: the bundled defaultPolicy.json with the user's settings laid over
 * it field by field, then the agents' tightenings. Invalid settings fail closed (every gated
 * call is denied until they are fixed); invalid tightenings are ignored.
 */
class PolicyStore {
  async current(): Promise<Policy> {
    return (await this.load()).policy;
  }

  async agentOverrides(): Promise<string[]> {
    return Object.keys(definedFields((await this.load()).agentPatch));
  }

  async userOverrides(): Promise<string[]> {
    return Object.keys((await this.load()).settings);
  }

  async userSettings(): Promise<UserPolicySettings> {
    return (await this.load()).settings;
  }

  /** Called after the user's settings or the agents' tightenings change, whoever changed them. */
  onChange(listener: () => void): void {
    userSettings.onChange(listener);
    agentTightenings.onChange(listener);
  }

  /**
   * The side panel's Settings: the fields the person changed, laid over the user's settings
   * as stored now, so a change made meanwhile from elsewhere survives. Loosening is theirs
   * to do. Resolves to the settings written.
   */
  updateUser(changes: UserPolicySettings): Promise<UserPolicySettings> {
    // Invalid stored settings read as none, so the person's change replaces them rather than keeps failing closed.
    return userSettings.update((base) => {
      const next = UserPolicySettingsSchema.parse({ ...base, ...definedFields(changes), ...mergedConfirm(base.confirm, changes.confirm) });
      return { result: next, next };
    });
  }

  /** browser.policy_set: applies a patch, refusing loosenings unless the user allowed them. */
  async set(patch: PolicyPatch): Promise<{ policy: Policy; changed: string[] }> {
    const base = this.base();
    const settings = await this.validSettings();
    return agentTightenings.update((agentPatch) => {
      const policy = overlay(overlay(base, settings), agentPatch);
      const next = overlay(policy, patch);
      const loose = policy.socketMayLoosen ? [] : loosenings(policy, next);
      if (loose.length > 0) {
        throw new WebOperatorError(
          "policy_denied",
          `browser.policy_set may only tighten the policy; this change would loosen it (${loose.slice(0, 5).join("; ")}). Ask the user to change it in ${USER_SETTINGS_PLACE}, or to set socketMayLoosen: true there.`,
        );
      }
      const merged: PolicyPatch = { ...agentPatch, ...definedFields(patch), ...mergedConfirm(agentPatch.confirm, patch.confirm) };
      return { result: { policy: next, changed: changedFields(policy, next) }, next: merged };
    });
  }

  private async load(): Promise<LoadedPolicy> {
    const base = this.base();
    const settings = await this.validSettings();
    const agentPatch = await agentTightenings.read();
    return { policy: overlay(overlay(base, settings), agentPatch), settings, agentPatch };
  }

  private base(): Policy {
    if (!BUNDLED.success) {
      throw new WebOperatorError(
        "policy_denied",
        `The bundled policy file (extension/policy/defaultPolicy.json) is invalid: ${describeZodError(BUNDLED.error, "policy")}. Fix it and rebuild the extension.`,
      );
    }
    // Who answers confirmations, unless the policy file or the user says: a person when one is present.
    return "confirmations" in bundledPolicy ? BUNDLED.data : { ...BUNDLED.data, confirmations: presenceDefault() };
  }

  private async validSettings(): Promise<UserPolicySettings> {
    const { value, invalid } = await userSettings.readChecked();
    if (invalid !== null) {
      throw new WebOperatorError(
        "policy_denied",
        `The user's policy settings (the extension's local storage, "${USER_POLICY_STORAGE_KEY}") are invalid: ${describeZodError(invalid, "settings")}. Every gated command is refused until the user fixes or removes them.`,
      );
    }
    return value;
  }
}

function overlay(base: Policy, patch: UserPolicySettings | PolicyPatch): Policy {
  return { ...base, ...definedFields(patch), confirm: { ...base.confirm, ...patch.confirm } };
}

/** Only a patch that names confirmation categories carries a confirm field. */
function mergedConfirm(current: PolicyPatch["confirm"], next: PolicyPatch["confirm"]): Pick<PolicyPatch, "confirm"> {
  return current === undefined && next === undefined ? {} : { confirm: { ...current, ...next } };
}

function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export const policyStore = new PolicyStore();

/** The current policy for a call made for `agent`, with its declared governance applied. */
export async function policyFor(agent: { governance?: AgentGovernance } | undefined): Promise<GovernedPolicy> {
  return governedPolicy(await policyStore.current(), agent?.governance);
}
