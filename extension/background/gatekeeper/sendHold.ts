import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { CONSEQUENTIAL_POST_PATTERNS, postCategory } from "../../shared/consequentialPostPatterns.js";
import { callContent } from "../contentClient.js";
import { subscribeFiltered } from "../sharedListeners.js";
import { HELD_SEND_TYPES, SEND_HOLD_RULE_IDS, sendHoldRules } from "./networkRules.js";

export interface HeldSend {
  url: string;
  category: "purchase" | "account";
  how: string;
}

export interface SendHold {
  /** Lifts the hold and answers what it stopped. */
  release(): Promise<HeldSend[]>;
}

const HELD_FILTER: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"], types: [...HELD_SEND_TYPES] };
const BLOCKED = "net::ERR_BLOCKED_BY_CLIENT";
/** Rule ids in use by holds in flight (several agents write at once, each in its own tab). */
const inUse = new Set<number>();

/**
 * While an agent's write runs in a tab, sends its target did not foresee are held before they
 * leave: a script's fetch, XHR or sendBeacon with a body to a purchase or account URL by
 * declarativeNetRequest session rules (the request fails as if offline), and a script's
 * form.submit() or requestSubmit() to one by the content script's navigate listener (the
 * navigation is cancelled). Neither is visible to the page before it sends. Only the
 * categories the policy confirms are held; a confirmed replay holds nothing. The target's own
 * form send, when the rules judged it a wizard's step before its last (`stepSends`), goes through.
 */
export async function holdSends(
  tabId: number,
  policy: Policy,
  known: chrome.tabs.Tab | undefined,
  stepSends: readonly string[],
): Promise<SendHold> {
  const categories = (["purchase", "account"] as const).filter((category) => policy.confirm[category]);
  if (categories.length === 0) return { release: () => Promise.resolve([]) };
  const enabled = new Set<string>(categories);
  const held: HeldSend[] = [];
  const unsubscribe = subscribeFiltered(chrome.webRequest.onErrorOccurred, HELD_FILTER, (details) => {
    if (details.tabId !== tabId || details.error !== BLOCKED || details.method === "GET") return;
    const category = postCategory(details.url, enabled);
    if (category !== null) held.push({ url: details.url, category, how: `its page script sent a ${details.method} request to` });
  });
  const ruleIds = await addRules(tabId, enabled);
  const formHold = await callContent(tabId, { op: "form_send_hold", arm: true, categories, steps: stepSends.slice(0, 16) }, known).then(
    () => true,
    () => false,
  );
  return {
    release: async () => {
      await removeRules(ruleIds);
      unsubscribe();
      if (formHold) {
        const forms = await callContent(tabId, { op: "form_send_hold", arm: false, categories: [] }).catch(() => ({ held: [] }));
        for (const form of forms.held) held.push({ ...form, how: "its page script sent a form to" });
      }
      return held;
    },
  };
}

async function addRules(tabId: number, enabled: ReadonlySet<string>): Promise<number[]> {
  if (typeof chrome.declarativeNetRequest?.updateSessionRules !== "function") return [];
  const regexes = CONSEQUENTIAL_POST_PATTERNS.filter((pattern) => enabled.has(pattern.category)).map((pattern) => pattern.regex);
  let first: number = SEND_HOLD_RULE_IDS.first;
  while (regexes.some((_, index) => inUse.has(first + index)) && first + regexes.length <= SEND_HOLD_RULE_IDS.last) first += regexes.length;
  const rules = sendHoldRules(first, tabId, regexes);
  const ids = rules.map((rule) => rule.id);
  if (ids.some((id) => inUse.has(id) || id > SEND_HOLD_RULE_IDS.last)) return [];
  for (const id of ids) inUse.add(id);
  try {
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ids, addRules: rules });
    return ids;
  } catch (error) {
    for (const id of ids) inUse.delete(id);
    console.warn("WebOperator: could not add the send hold rules; this write's script sends are not held", error);
    return [];
  }
}

async function removeRules(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ids }).catch(() => undefined);
  for (const id of ids) inUse.delete(id);
}

/** A worker that stopped mid-write left its holds behind (session rules outlive the worker): clear them at start. */
export async function clearSendHoldRules(): Promise<void> {
  if (typeof chrome.declarativeNetRequest?.getSessionRules !== "function") return;
  const existing = await chrome.declarativeNetRequest.getSessionRules();
  const stale = existing
    .map((rule) => rule.id)
    .filter((id) => id >= SEND_HOLD_RULE_IDS.first && id <= SEND_HOLD_RULE_IDS.last && !inUse.has(id));
  if (stale.length > 0) await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
}
