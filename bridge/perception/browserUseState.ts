import { createHash } from "node:crypto";
import { parseRef, type BrowserUseDescriptor, type CommandResult, type SnapshotElement } from "../../protocol/index.js";
import type { CommandCaller } from "../commandContext.js";
import { pageContentOf } from "./pageContent.js";

/** Large enough for most pages' text; element_index does not depend on it. */
const PAGE_CONTENT_CHARS = 20_000;

export type BrowserUseStateObject = Omit<CommandResult<"browseruse.state">, "tabId"> & { tabId: number };

/** A state as issued to the agent: what each of its indexes named. */
export interface IssuedState {
  tabId: number;
  url: string;
  stateHash: string;
  entries: ReadonlyMap<number, SnapshotElement>;
  /** The content script's nonce of the document read; its refs resolve only while the tab shows that document. */
  documentNonce?: string;
}

/** The document a snapshot read, when the content script read it (not a CDP fallback, whose refs are other). */
export function documentNonceOf(snapshot: { snapshotId: string; source?: string | undefined }): string | undefined {
  if (snapshot.source === "cdp-ax") return undefined;
  // A snapshot id is a ref without its index (refFormat.ts): s{documentNonce}_{snapshotSeq}.
  return parseRef(`${snapshot.snapshotId}_0`)?.documentNonce;
}

export function stateHash(url: string, pageContent: string): string {
  return createHash("sha256")
    .update(JSON.stringify([url, pageContent]))
    .digest("hex");
}

/**
 * One State Object: a snapshot with element records, numbered 1..N over the records in
 * the viewport in document order, and a screenshot when asked for.
 */
export async function perceive(
  call: CommandCaller,
  tabId: number | undefined,
  screenshot: boolean,
): Promise<{ state: BrowserUseStateObject; issued: IssuedState }> {
  const snapshot = await call("browser.snapshot", {
    ...(tabId === undefined ? {} : { tabId }),
    maxChars: PAGE_CONTENT_CHARS,
    elements: true,
  });
  const visible = (snapshot.elements ?? []).filter((element) => element.inViewport);
  const entries = new Map<number, SnapshotElement>();
  const indexOfRef = new Map<string, number>();
  const elementIndex: Record<string, BrowserUseDescriptor> = {};
  visible.forEach((element, position) => {
    const index = position + 1;
    entries.set(index, element);
    if (element.ref !== undefined) indexOfRef.set(element.ref, index);
    elementIndex[String(index)] = descriptorOf(element);
  });
  const pageContent = pageContentOf(snapshot.text, indexOfRef);
  const hash = stateHash(snapshot.url, pageContent);
  const image = screenshot ? await call("browser.screenshot", { tabId: snapshot.tabId }) : null;
  return {
    state: {
      tabId: snapshot.tabId,
      url: snapshot.url,
      page_content: pageContent,
      element_index: elementIndex,
      ...(image === null ? {} : { screenshot: image.data }),
      state_hash: hash,
    },
    issued: { tabId: snapshot.tabId, url: snapshot.url, stateHash: hash, entries, documentNonce: documentNonceOf(snapshot) },
  };
}

function descriptorOf(element: SnapshotElement): BrowserUseDescriptor {
  return {
    tag: element.tag,
    role: element.role,
    "aria-label": element.ariaLabel,
    text_content: element.text,
    attributes: element.attributes,
  };
}
