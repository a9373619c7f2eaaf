import { WebOperatorError } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { CONSEQUENTIAL_POST_PATTERNS, postCategory } from "../../shared/consequentialPostPatterns.js";
import { callContent } from "../contentClient.js";
import { currentPortSerial, onHeldFormSends } from "../contentPorts.js";
import { LINGER_MS, subscribeFiltered } from "../sharedListeners.js";
import { coalescedSync } from "./coalescedSync.js";
import { HELD_SEND_TYPES, SEND_HOLD_RULE_IDS, sendHoldRules } from "./networkRules.js";

type Category = "purchase" | "account";

export interface HeldSend {
  url: string;
  category: Category;
  how: string;
}

export interface SendHold {
  /** Ends this write's part in the hold and answers what it stopped while the write ran. */
  release(): Promise<HeldSend[]>;
}

/**
 * While an agent drives a tab, sends its writes' targets did not foresee are held before they
 * leave: a script's fetch, XHR or sendBeacon with a body to a purchase or account URL by
 * declarativeNetRequest session rules (the request fails as if offline), and a script's
 * form.submit() or requestSubmit() to one by the content script's navigate listener (the
 * navigation is cancelled). Neither is visible to the page before it sends. Only the categories
 * the policy confirms are held; a confirmed replay lifts both for its tab. The target's own form
 * send, when the rules judged it a wizard's step before its last (`stepSends`), goes through.
 *
 * Both holds are paid for once per run of writes, not per write: Chrome applies session rule
 * updates one at a time, at several milliseconds each, so a rule added and removed around every
 * write made 50 agents' writes queue behind each other. The rules stand for a tab from its first
 * held write until LINGER_MS after its last one ends (so the person's own later browsing in the
 * tab is not held), and one rule per pattern covers every held tab; the page's hold is armed once
 * per document for as long. A write then only joins its tab's record, which is a state change,
 * and learns what was held from the webRequest event and from the page's replies (each carries
 * the forms it held since the last). A hold that cannot be armed refuses the write
 * (send_hold_failed): a write never runs unheld.
 */

interface WriteRecord {
  held: HeldSend[];
}

interface TabHold {
  categories: Set<Category>;
  /** The writes running in the tab now: what is held goes to each of them. */
  writes: Set<WriteRecord>;
  expiry?: ReturnType<typeof setTimeout>;
}

/** The page's hold as armed by this worker: in which document (its port), until when, for what. */
interface PageHold {
  serial: number;
  until: number;
  categories: ReadonlySet<Category>;
}

const HELD_FILTER: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"], types: [...HELD_SEND_TYPES] };
const BLOCKED = "net::ERR_BLOCKED_BY_CLIENT";
/** The page's hold is armed again when it would lapse less than this before the write's deadline. */
const PAGE_HOLD_MARGIN_MS = 1_000;
/**
 * How long past the write's deadline the page's hold lasts unless the worker lifts it (when the
 * tab stops being held): long enough that slow writes under load do not arm it again each time,
 * short enough that a worker that stopped does not leave it on for the rest of the document.
 */
const PAGE_HOLD_LEASE_MS = 5 * 60_000;

const tabs = new Map<number, TabHold>();
/** Tabs where a confirmed replay runs (a count each): nothing is held there until it ends. */
const lifted = new Map<number, number>();
/** What the rules in Chrome hold now, as the last update that succeeded left them. */
let applied = new Map<number, ReadonlySet<Category>>();
/** Why the last rule update failed, for the refusal's message; null after one that succeeded. */
let lastFailure: string | null = null;
const pageHolds = new Map<number, PageHold>();
let stopListening: (() => void) | null = null;

const sync = coalescedSync(async () => {
  const desired = new Map<number, ReadonlySet<Category>>();
  const byCategory = new Map<string, number[]>();
  for (const [tabId, hold] of tabs) {
    if (lifted.has(tabId)) continue;
    desired.set(tabId, new Set(hold.categories));
    for (const category of hold.categories) byCategory.set(category, [...(byCategory.get(category) ?? []), tabId]);
  }
  const removeRuleIds = CONSEQUENTIAL_POST_PATTERNS.map((_, index) => SEND_HOLD_RULE_IDS.first + index);
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds,
    addRules: sendHoldRules(CONSEQUENTIAL_POST_PATTERNS, byCategory),
  });
  applied = desired;
});

onHeldFormSends((tabId, forms) => {
  for (const form of forms) deliver(tabId, { ...form, how: "its page script sent a form to" });
});

function deliver(tabId: number, send: HeldSend): void {
  for (const write of tabs.get(tabId)?.writes ?? []) write.held.push(send);
}

function listen(): void {
  stopListening ??= subscribeFiltered(chrome.webRequest.onErrorOccurred, HELD_FILTER, (details) => {
    const hold = tabs.get(details.tabId);
    if (hold === undefined || details.error !== BLOCKED || details.method === "GET") return;
    const category = postCategory(details.url, hold.categories);
    if (category !== null)
      deliver(details.tabId, { url: details.url, category, how: `its page script sent a ${details.method} request to` });
  });
}

const covers = (held: ReadonlySet<Category> | undefined, wanted: readonly Category[]): boolean =>
  held !== undefined && wanted.every((category) => held.has(category));

function refused(why: string): WebOperatorError {
  return new WebOperatorError(
    "send_hold_failed",
    `WebOperator could not hold this tab's purchase and account sends for the write (${why}), so nothing was dispatched. Retry the action; if it keeps failing, reload the page with browser.navigate.`,
  );
}

/**
 * Joins the write to its tab's hold, arming what is not armed yet (the rules in Chrome, the
 * page's hold in the document the write acts on). Rejects with send_hold_failed when either
 * cannot be armed; then the write must not be dispatched.
 */
export async function holdSends(
  tabId: number,
  policy: Policy,
  known: chrome.tabs.Tab | undefined,
  deadline: number,
  stepSends: readonly string[],
  hops?: { mark(hop: string): void },
): Promise<SendHold> {
  const categories = (["purchase", "account"] as const).filter((category) => policy.confirm[category]);
  if (categories.length === 0) return { release: () => Promise.resolve([]) };
  if (lifted.has(tabId)) throw refused(`a confirmed action is running in tab ${tabId}; retry once it has answered`);
  const hold = tabs.get(tabId) ?? { categories: new Set<Category>(), writes: new Set<WriteRecord>() };
  tabs.set(tabId, hold);
  for (const category of categories) hold.categories.add(category);
  clearTimeout(hold.expiry);
  const record: WriteRecord = { held: [] };
  hold.writes.add(record);
  listen();
  try {
    await armRules(tabId, categories);
    hops?.mark("gate: send hold, rules in Chrome");
    await armPage(tabId, hold.categories, known, deadline, stepSends);
    hops?.mark("gate: send hold, in the page");
  } catch (error) {
    leave(tabId, record);
    throw error;
  }
  return { release: () => Promise.resolve(leave(tabId, record)) };
}

async function armRules(tabId: number, categories: readonly Category[]): Promise<void> {
  if (typeof chrome.declarativeNetRequest?.updateSessionRules !== "function") throw refused("this browser has no declarativeNetRequest");
  // Two tries: a run that had already read the state when this tab joined does not cover it.
  for (let attempt = 0; attempt < 2 && !covers(applied.get(tabId), categories); attempt++) {
    await sync().then(
      () => (lastFailure = null),
      (error: unknown) => (lastFailure = error instanceof Error ? error.message : String(error)),
    );
  }
  if (!covers(applied.get(tabId), categories))
    throw refused(`Chrome did not apply the rule that holds them: ${lastFailure ?? "the update did not cover this tab"}`);
}

async function armPage(
  tabId: number,
  categories: ReadonlySet<Category>,
  known: chrome.tabs.Tab | undefined,
  deadline: number,
  stepSends: readonly string[],
): Promise<void> {
  const serial = currentPortSerial(tabId);
  const armed = pageHolds.get(tabId);
  const wanted = [...categories];
  // A write whose own send was judged a wizard's step tells the page so, armed or not: one round trip, for those writes only.
  if (
    stepSends.length === 0 &&
    serial !== null &&
    armed?.serial === serial &&
    armed.until >= deadline + PAGE_HOLD_MARGIN_MS &&
    covers(armed.categories, wanted)
  )
    return;
  const startedAt = Date.now();
  const forMs = Math.max(0, deadline - startedAt) + PAGE_HOLD_LEASE_MS;
  const steps = stepSends.length === 0 ? {} : { steps: stepSends.slice(0, 16), stepsForMs: Math.max(0, deadline - startedAt) };
  let answer: { held: Array<{ url: string; category: Category }> };
  try {
    answer = await callContent(tabId, { op: "form_send_hold", categories: wanted, forMs, ...steps }, known);
  } catch (error) {
    // A page no content script can run in (a PDF, a browser page) has no form the page's hold could see.
    if (error instanceof WebOperatorError && error.code === "unsupported_page") return;
    throw refused(`the page did not take the form hold: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const form of answer.held) deliver(tabId, { ...form, how: "its page script sent a form to" });
  const answeredOver = currentPortSerial(tabId);
  if (answeredOver !== null && (serial === null || serial === answeredOver))
    pageHolds.set(tabId, { serial: answeredOver, until: startedAt + forMs, categories: new Set(categories) });
}

/** The write is done: what was held during it is its own; the tab's hold stands a while longer for the next write. */
function leave(tabId: number, record: WriteRecord): HeldSend[] {
  const hold = tabs.get(tabId);
  if (hold === undefined || !hold.writes.delete(record) || hold.writes.size > 0) return record.held;
  clearTimeout(hold.expiry);
  hold.expiry = setTimeout(() => {
    if (tabs.get(tabId) !== hold || hold.writes.size > 0) return;
    tabs.delete(tabId);
    // The page's own lease would end it too; lifted now, the person's later forms in the tab go.
    if (pageHolds.delete(tabId)) void callContent(tabId, { op: "form_send_hold", categories: [], forMs: 0 }).catch(() => undefined);
    if (tabs.size === 0) {
      stopListening?.();
      stopListening = null;
    }
    void sync().catch(() => undefined);
  }, LINGER_MS);
  return record.held;
}

/**
 * A confirmed replay sends what the person allowed: its tab's holds come off (both, awaited)
 * before it dispatches, and no write in the tab is held or let through until it ends.
 */
export async function liftSendHolds(tabId: number, known: chrome.tabs.Tab | undefined): Promise<SendHold> {
  lifted.set(tabId, (lifted.get(tabId) ?? 0) + 1);
  const release = (): Promise<HeldSend[]> => {
    const left = (lifted.get(tabId) ?? 1) - 1;
    if (left > 0) lifted.set(tabId, left);
    else lifted.delete(tabId);
    return Promise.resolve([]);
  };
  try {
    if (applied.has(tabId)) await sync();
    pageHolds.delete(tabId);
    await callContent(tabId, { op: "form_send_hold", categories: [], forMs: 0 }, known).catch((error: unknown) => {
      if (!(error instanceof WebOperatorError && error.code === "unsupported_page")) throw error;
    });
  } catch (error) {
    await release();
    throw error;
  }
  return { release };
}

/** A worker that stopped left the rules behind (session rules outlive the worker) and forgot whose they were: clear them at start. */
export async function clearSendHoldRules(): Promise<void> {
  if (typeof chrome.declarativeNetRequest?.getSessionRules !== "function") return;
  const existing = await chrome.declarativeNetRequest.getSessionRules();
  const stale = existing.map((rule) => rule.id).filter((id) => id >= SEND_HOLD_RULE_IDS.first && id <= SEND_HOLD_RULE_IDS.last);
  if (stale.length > 0 && tabs.size === 0) await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
}
