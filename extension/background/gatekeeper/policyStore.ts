import { WebOperatorError, describeZodError } from "../../../protocol/index.js";
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

interface LoadedPolicy {
  policy: Policy;
  /** The user's settings (chrome.storage.local): persistent, and the only way to loosen. */
  settings: UserPolicySettings;
  /** Tightenings an agent made with browser.policy_set (chrome.storage.session). */
  agentPatch: PolicyPatch;
}

/*
 * Agent tightenings live in session storage: they last until the browser restarts, so an
 * agent that locked itself out (say, blockPrivateNetworks on a 127.0.0.1 app) is undone by
 * a relaunch, while the user's own settings persist.
 */

const BUNDLED = PolicySchema.safeParse(bundledPolicy);

/**
 * The effective policy: the bundled defaultPolicy.json with the user's settings from
 * chrome.storage.local laid over it field by field. Cached until storage changes;
 * invalid settings fail closed (every gated call is denied until they are fixed).
 */
class PolicyStore {
  private cached: Promise<LoadedPolicy> | null = null;
  /** Writes are serialised so two policy_set calls cannot interleave their read-modify-write. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor() {
    chrome.storage.onChanged.addListener((changes, area) => {
      if ((area === "local" && USER_POLICY_STORAGE_KEY in changes) || (area === "session" && AGENT_POLICY_SESSION_KEY in changes)) this.cached = null;
    });
  }

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

  /**
   * The side panel's Settings: the fields the person changed, laid over the user's settings
   * as stored now (read inside the write chain), so a change made meanwhile from elsewhere
   * survives. Loosening is theirs to do. Resolves to the settings written.
   */
  updateUser(changes: UserPolicySettings): Promise<UserPolicySettings> {
    const run = this.writes.then(async () => {
      const stored = UserPolicySettingsSchema.safeParse((await chrome.storage.local.get(USER_POLICY_STORAGE_KEY))[USER_POLICY_STORAGE_KEY] ?? {});
      // Invalid stored settings are replaced by the person's change rather than kept failing closed.
      const base = stored.success ? stored.data : {};
      const next = UserPolicySettingsSchema.parse({ ...base, ...definedFields(changes), ...mergedConfirm(base.confirm, changes.confirm) });
      await chrome.storage.local.set({ [USER_POLICY_STORAGE_KEY]: next });
      this.cached = null;
      return next;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** browser.policy_set: applies a patch, refusing loosenings unless the user allowed them. */
  set(patch: PolicyPatch): Promise<{ policy: Policy; changed: string[] }> {
    const run = this.writes.then(async () => {
      const { policy, agentPatch } = await this.load();
      const next = overlay(policy, patch);
      const loose = policy.socketMayLoosen ? [] : loosenings(policy, next);
      if (loose.length > 0) {
        throw new WebOperatorError(
          "policy_denied",
          `browser.policy_set may only tighten the policy; this change would loosen it (${loose.slice(0, 5).join("; ")}). Ask the user to change it in the extension's settings (chrome.storage.local "${USER_POLICY_STORAGE_KEY}"), or to set socketMayLoosen: true there.`,
        );
      }
      const merged: PolicyPatch = { ...agentPatch, ...definedFields(patch), ...mergedConfirm(agentPatch.confirm, patch.confirm) };
      await chrome.storage.session.set({ [AGENT_POLICY_SESSION_KEY]: merged });
      this.cached = null;
      return { policy: next, changed: changedFields(policy, next) };
    });
    this.writes = run.catch(() => undefined);
    return run;
  }

  private load(): Promise<LoadedPolicy> {
    this.cached ??= this.read().catch((error: unknown) => {
      this.cached = null;
      throw error;
    });
    return this.cached;
  }

  private async read(): Promise<LoadedPolicy> {
    if (!BUNDLED.success) {
      throw new WebOperatorError("policy_denied", `The bundled policy file (extension/policy/defaultPolicy.json) is invalid: ${describeZodError(BUNDLED.error, "policy")}. Fix it and rebuild the extension.`);
    }
    const stored = (await chrome.storage.local.get(USER_POLICY_STORAGE_KEY))[USER_POLICY_STORAGE_KEY] ?? {};
    const settings = UserPolicySettingsSchema.safeParse(stored);
    if (!settings.success) {
      throw new WebOperatorError(
        "policy_denied",
        `The user's policy settings (chrome.storage.local "${USER_POLICY_STORAGE_KEY}") are invalid: ${describeZodError(settings.error, "settings")}. Every gated command is refused until the user fixes or removes them.`,
      );
    }
    const agentStored = (await chrome.storage.session.get(AGENT_POLICY_SESSION_KEY))[AGENT_POLICY_SESSION_KEY] ?? {};
    const agentPatch = PolicyPatchSchema.safeParse(agentStored);
    const tightening = agentPatch.success ? agentPatch.data : {};
    // Who answers confirmations, unless the policy file or the user says: a person when one is present.
    const base: Policy = "confirmations" in bundledPolicy ? BUNDLED.data : { ...BUNDLED.data, confirmations: presenceDefault() };
    return { policy: overlay(overlay(base, settings.data), tightening), settings: settings.data, agentPatch: tightening };
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
