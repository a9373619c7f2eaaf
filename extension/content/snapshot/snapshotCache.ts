import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { HopRecorder } from "../../../protocol/hopTrace.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { deepActiveElement } from "../dom/deepActiveElement.js";
import { pageRecordChanges, scanFrameworkHandlers } from "../pageRecord/pageRecord.js";
import { takeSnapshot } from "./snapshotBuilder.js";
import { lastView, recordView, retractView } from "./snapshotHistory.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Events after which the same DOM may read differently: form state typed or toggled, focus,
 * hover (CSS :hover), scrolling, the viewport, a subresource or frame that loaded, popovers,
 * animations and transitions, selection, fullscreen. Listened to in the capture phase at the
 * window, where non-bubbling events (scroll, load, toggle, focus) pass too.
 */
const CHANGING_EVENTS = [
  "input",
  "change",
  "reset",
  "focusin",
  "focusout",
  "mouseover",
  "mouseout",
  "pointerdown",
  "pointerup",
  "keydown",
  "keyup",
  "scroll",
  "resize",
  "load",
  "error",
  "toggle",
  "beforetoggle",
  "animationstart",
  "animationend",
  "animationcancel",
  "transitionrun",
  "transitionend",
  "transitioncancel",
  "hashchange",
  "popstate",
  "pageshow",
  "visibilitychange",
  "fullscreenchange",
  "selectionchange",
  "play",
  "pause",
  "ended",
  "loadedmetadata",
] as const;

const MUTATIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

interface Cached {
  registry: RefRegistry;
  maxChars: number;
  elements: boolean;
  /** The CSS media the worker emulated for it: print media lays the page out otherwise, with no event. */
  media: string;
  result: ContentResult<"snapshot">;
  /**
   * The lines of a snapshot built before anyone asked (prepare): not yet a view the agent
   * saw, so an observation must not diff against it; it becomes one when it is served.
   */
  unseenLines?: readonly string[];
  /** The page state no event or mutation reports (a script's el.value = …, window scroll offsets). */
  state: string;
  active: Element | null;
  recordChanges: number;
  roots: (Document | ShadowRoot)[];
  windows: Window[];
}

/**
 * The last snapshot of this document, answered again while nothing it depends on has changed.
 * Validity is a change signal, never a timer: a MutationObserver over the document and every
 * shadow root and same-origin frame the walk read, the events in CHANGING_EVENTS there, any
 * other content op (an action), a view built since, the listener recorder's count, running
 * animations, and a fingerprint of what none of those report (URL, title, load state,
 * viewport and scroll, form controls' values, the focused element). The first sign of change
 * drops the entry and every watcher, so a page pays nothing while no entry is held.
 */
export class SnapshotCache {
  private entry: Cached | null = null;
  private readonly observer = new MutationObserver(() => this.drop());
  private readonly onChange = (): void => this.drop();

  take(registry: RefRegistry, maxChars: number, elements: boolean, media = "screen", hops?: HopRecorder): ContentResult<"snapshot"> {
    const hit = this.serve(registry, maxChars, elements, media);
    hops?.mark(hit === null ? "page: cache check (miss)" : "page: cache check (hit: framework-handler scan, page state)");
    if (hit !== null) {
      this.markSeen(registry);
      return hit;
    }
    const roots: (Document | ShadowRoot)[] = [];
    const result = takeSnapshot(registry, maxChars, elements, roots, hops);
    this.store({ registry, maxChars, elements, media, result, roots: [document, ...roots] });
    hops?.mark("page: cache store (page state, observers)");
    return result;
  }

  /**
   * Builds the snapshot the agent is about to ask for (after a navigate), off its path. Kept
   * out of the document's view history until served: the agent has not seen it.
   */
  prepare(registry: RefRegistry, maxChars: number, hops?: HopRecorder): void {
    if (this.serve(registry, maxChars, false, "screen") !== null) return;
    const { snapshotId } = this.take(registry, maxChars, false, "screen", hops);
    const view = lastView(registry);
    if (view?.snapshotId !== snapshotId) return;
    retractView(registry, snapshotId);
    if (this.entry !== null) this.entry.unseenLines = view.lines;
  }

  private markSeen(registry: RefRegistry): void {
    const entry = this.entry;
    if (entry?.unseenLines === undefined) return;
    recordView(registry, entry.result.snapshotId, entry.unseenLines);
    delete entry.unseenLines;
  }

  /** Something acted on the page (any op but a snapshot or a ping): the next snapshot reads it afresh. */
  drop(): void {
    const entry = this.entry;
    if (entry === null) return;
    this.entry = null;
    this.observer.disconnect();
    for (const target of entry.windows) for (const type of CHANGING_EVENTS) target.removeEventListener(type, this.onChange, true);
  }

  get holdsEntry(): boolean {
    return this.entry !== null;
  }

  private serve(registry: RefRegistry, maxChars: number, elements: boolean, media: string): ContentResult<"snapshot"> | null {
    const entry = this.entry;
    if (entry === null) return null;
    // A framework may have re-rendered handlers with no DOM change: its scan reports them as records.
    scanFrameworkHandlers();
    const same =
      entry.registry === registry &&
      entry.maxChars === maxChars &&
      entry.elements === elements &&
      entry.media === media &&
      registry.lastSnapshotId === entry.result.snapshotId &&
      entry.recordChanges === pageRecordChanges() &&
      entry.active === deepActiveElement(document) &&
      !animating(entry.roots) &&
      entry.state === unreportedState(entry.roots);
    if (!same) {
      this.drop();
      return null;
    }
    return entry.result;
  }

  private store(fresh: Pick<Cached, "registry" | "maxChars" | "elements" | "media" | "result" | "roots">): void {
    this.drop();
    // A page mid-animation changes with no event until the end: not worth holding.
    if (animating(fresh.roots)) return;
    const windows = windowsOf(fresh.roots);
    this.entry = {
      ...fresh,
      state: unreportedState(fresh.roots),
      active: deepActiveElement(document),
      recordChanges: pageRecordChanges(),
      windows,
    };
    for (const root of fresh.roots) this.observer.observe(root, MUTATIONS);
    for (const target of windows)
      for (const type of CHANGING_EVENTS) target.addEventListener(type, this.onChange, { capture: true, passive: true });
  }
}

function windowsOf(roots: readonly (Document | ShadowRoot)[]): Window[] {
  const windows = new Set<Window>([window]);
  // A frame's document is of its own realm: instanceof would not recognise it.
  for (const root of roots) if (dom.nodeType(root) === Node.DOCUMENT_NODE) windows.add(dom.defaultView(root as Document) ?? window);
  return [...windows];
}

function animating(roots: readonly (Document | ShadowRoot)[]): boolean {
  return roots.some((root) => dom.getAnimations(root).some((animation) => animation.playState === "running" || animation.pending));
}

/** What changes without a mutation record or an event the cache hears at once. */
function unreportedState(roots: readonly (Document | ShadowRoot)[]): string {
  const parts = [
    location.href,
    dom.documentTitle(document),
    dom.readyState(document),
    dom.visibilityState(document),
    `${innerWidth}x${innerHeight}@${devicePixelRatio}`,
    `${scrollX},${scrollY}`,
    dom.fonts(document).status,
  ];
  for (const root of roots) {
    for (const control of dom.querySelectorAll(root, "input, textarea, select")) {
      // By tag, not instanceof: a frame's controls are of its own realm.
      if (dom.localName(control) === "input") {
        const input = control as HTMLInputElement;
        parts.push(`${input.value}\u0000${input.checked ? 1 : 0}${input.indeterminate ? 1 : 0}`);
      } else if (dom.localName(control) === "textarea") {
        parts.push((control as HTMLTextAreaElement).value);
      } else {
        parts.push([...(control as HTMLSelectElement).selectedOptions].map((option) => option.index).join(","));
      }
    }
  }
  return parts.join("\u0001");
}
