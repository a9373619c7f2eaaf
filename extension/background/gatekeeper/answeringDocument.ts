import { originOf } from "./pageChecks.js";

export interface AnsweringDocument {
  tabId: number;
  url: string;
}

/**
 * The tab and URL of the document a page-reading result came from: its provenance (`untrusted`),
 * else its own url (a snapshot's), of the admitted tab unless the result names another.
 */
export function answeringDocument(result: unknown, admittedTabId: number): AnsweringDocument | null {
  if (typeof result !== "object" || result === null) return null;
  const { untrusted, tabId, url } = result as { untrusted?: { tabId?: unknown; url?: unknown }; tabId?: unknown; url?: unknown };
  if (typeof untrusted?.tabId === "number" && typeof untrusted.url === "string") return { tabId: untrusted.tabId, url: untrusted.url };
  if (typeof url !== "string") return null;
  return { tabId: typeof tabId === "number" ? tabId : admittedTabId, url };
}

/**
 * The document a read's answer came from, when the gate has not judged it yet: it is in the
 * admitted tab and on another origin than the one the gate read (the tab committed another
 * document between the gate's tab read and the page's answer). Null when there is nothing to judge.
 */
export function documentToJudge(result: unknown, admittedTab: { id: number; url?: string; pendingUrl?: string }): AnsweringDocument | null {
  const answered = answeringDocument(result, admittedTab.id);
  if (answered === null || answered.tabId !== admittedTab.id) return null;
  return originOf(answered.url) === originOf(admittedTab.url ?? admittedTab.pendingUrl) ? null : answered;
}
