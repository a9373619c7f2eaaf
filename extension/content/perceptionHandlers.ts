import type { ContentHandlers } from "./contentHandlers.js";
import type { perceptionContentRequests } from "../../protocol/content/perceptionRequests.js";
import { buildPageView, snapshotResult } from "./snapshot/snapshotBuilder.js";
import { observe } from "./snapshot/observation.js";
import { findInPage } from "./find/findInPage.js";
import { readSelection } from "./selection/selectionReader.js";
import { extractMarkdown } from "./extract/markdownExtract.js";
import { extractVisibleText } from "./visibleText.js";
import { describeElements } from "./snapshot/describeElements.js";
import { takeDialogSignal } from "./dialogSignal.js";
import * as dom from "./dom/intrinsics.js";

type PerceptionOp = keyof typeof perceptionContentRequests;

export const perceptionHandlers: ContentHandlers<PerceptionOp> = {
  ping: (_request, { registry }) => ({ documentNonce: registry.documentNonce, url: location.href }),
  snapshot: (request, { registry, snapshots, hops }) => ({
    ...snapshots.take(registry, request.maxChars, request.elements === true, request.media ?? "screen", hops),
    dialogsRecorded: takeDialogSignal(),
  }),
  // Leaves the dialog signal alone: the snapshot that is asked for still drains what came.
  prepare_snapshot: (request, { registry, snapshots, hops }) => {
    try {
      snapshots.prepare(registry, request.maxChars, hops);
      return { prepared: true };
    } catch {
      return { prepared: false };
    }
  },
  read_page: (request, { registry }) =>
    snapshotResult(
      buildPageView(registry, {
        maxChars: request.maxChars,
        mode: request.mode,
        depth: request.depth,
        rootRef: request.ref,
        viewportOnly: request.viewportOnly === true,
      }),
    ),
  find: (request, { registry }) => findInPage(registry, request),
  selection: (request, { registry }) => readSelection(registry, request.maxChars),
  extract: (request, { registry }) => {
    const element = request.ref === undefined ? null : registry.resolve(request.ref).element;
    if (request.format === "markdown") return extractMarkdown(element, request.fromChar, request.pageChars);
    return extractVisibleText(element ?? dom.body(document) ?? dom.documentElement(document), request.fromChar, request.pageChars);
  },
  observe: (request, { registry }) => observe(registry, request.maxChars, request.retract),
  describe_elements: (request) => describeElements(request.selector, request.limit),
};
