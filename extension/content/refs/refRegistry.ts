import { formatRef, formatSnapshotId, parseRef } from "../../../protocol/refFormat.js";
import { formatDescriptor, type ElementDescriptor } from "../accessibility/elementDescriptor.js";
import { isFrameChainIntact, type FrameChain } from "./frameChain.js";
import { refErrors } from "./refErrors.js";
import { findReplacement } from "./refRecovery.js";
import * as dom from "../dom/intrinsics.js";

interface RefRecord {
  readonly ref: string;
  element: WeakRef<Element>;
  frameChain: FrameChain;
  /** The document the element belonged to: where a recovery may look, and nowhere else. */
  document: WeakRef<Document>;
  descriptor: ElementDescriptor;
  /**
   * The element was found by strict recovery, not by identity, since the agent last saw
   * it. Stays set until a snapshot prints the ref again, so a tool that resolves the same
   * ref in several ops (highlight, then click) still reports the recovery.
   */
  recovered: boolean;
  /** The snapshot that issued the ref. */
  readonly issuedSeq: number;
  /** The last snapshot that printed the ref with its element alive. */
  lastSeenSeq: number;
}

export interface ResolvedRef {
  ref: string;
  element: Element;
  recovered: boolean;
}

/**
 * Element <-> ref for one document. Memory only, never persisted: a ref means nothing
 * once its document is gone.
 * A live element keeps its ref across snapshots; refs are never renumbered or reused,
 * and elements are held weakly so a long session does not pin removed DOM.
 */
export class RefRegistry {
  private snapshotSeq = 0;
  private nextIndex = 0;
  private readonly byRef = new Map<string, RefRecord>();
  private readonly byElement = new WeakMap<Element, RefRecord>();

  constructor(readonly documentNonce: string) {}

  /** The id beginSnapshot last returned: a view built since a cached one means the cache is not the latest. */
  get lastSnapshotId(): string {
    return formatSnapshotId(this.documentNonce, this.snapshotSeq);
  }

  /** Starts a snapshot: later refs carry its sequence number. Returns the snapshot id. */
  beginSnapshot(): string {
    this.snapshotSeq += 1;
    this.nextIndex = 0;
    return formatSnapshotId(this.documentNonce, this.snapshotSeq);
  }

  /** The element's existing ref, refreshed with what the agent is now shown, or a new one. */
  issue(element: Element, frameChain: FrameChain, descriptor: ElementDescriptor): string {
    const existing = this.byElement.get(element);
    if (existing !== undefined && existing.element.deref() === element) {
      existing.frameChain = frameChain;
      existing.descriptor = descriptor;
      existing.recovered = false;
      existing.lastSeenSeq = this.snapshotSeq;
      return existing.ref;
    }
    this.nextIndex += 1;
    const ref = formatRef({ documentNonce: this.documentNonce, snapshotSeq: this.snapshotSeq, index: this.nextIndex });
    const record: RefRecord = {
      ref,
      element: new WeakRef(element),
      frameChain,
      document: new WeakRef(dom.ownerDocument(element)),
      descriptor,
      recovered: false,
      issuedSeq: this.snapshotSeq,
      lastSeenSeq: this.snapshotSeq,
    };
    this.byRef.set(ref, record);
    this.byElement.set(element, record);
    return ref;
  }

  resolve(raw: string): ResolvedRef {
    const parsed = parseRef(raw);
    if (parsed === null) throw refErrors.malformed(raw);
    const ref = formatRef(parsed);
    if (parsed.documentNonce !== this.documentNonce) throw refErrors.otherDocument(ref);
    const record = this.byRef.get(ref);
    if (record === undefined) throw refErrors.neverIssued(ref);
    if (!isFrameChainIntact(record.frameChain)) throw refErrors.frameReplaced(ref);
    const element = record.element.deref();
    if (element !== undefined && isLive(element)) return { ref, element, recovered: record.recovered };
    return { ref, element: this.recover(record), recovered: true };
  }

  private recover(record: RefRecord): Element {
    const described = formatDescriptor(record.descriptor);
    const document = record.document.deref();
    if (document === undefined || dom.defaultView(document) === null) throw refErrors.frameReplaced(record.ref);
    // A candidate that had its own ref while this ref's element was still alive is a twin
    // (another row's "Remove"), never a re-render of it; a ref issued later may be the re-render.
    const outcome = findReplacement(record.descriptor, document, (candidate) => {
      const owner = this.byElement.get(candidate);
      return owner !== undefined && owner.ref !== record.ref && owner.issuedSeq <= record.lastSeenSeq;
    });
    if (outcome.kind === "none") throw refErrors.gone(record.ref, described);
    if (outcome.kind === "ambiguous") throw refErrors.ambiguous(record.ref, described);
    record.element = new WeakRef(outcome.element);
    record.recovered = true;
    if (!this.byElement.has(outcome.element)) this.byElement.set(outcome.element, record);
    return outcome.element;
  }
}

function isLive(element: Element): boolean {
  return dom.isConnected(element) && dom.defaultView(dom.ownerDocument(element)) !== null;
}
