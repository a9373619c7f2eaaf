import type { ContentHandlers } from "./contentHandlers.js";
import type { browserActionContentRequests } from "../../protocol/content/browserActionRequests.js";
import { clickRef } from "./actions/clickInPage.js";
import { focusRef } from "./actions/focusInPage.js";
import { scrollPageOrRef } from "./actions/scrollInPage.js";
import { typeIntoRef } from "./actions/typeInPage.js";
import { describeTarget } from "./describeTarget.js";

type BrowserActionOp = keyof typeof browserActionContentRequests;

export const browserActionHandlers: ContentHandlers<BrowserActionOp> = {
  click: (request, { registry }) => clickRef(registry, request.ref),
  type: (request, { registry }) => typeIntoRef(registry, request.ref, request.text, request.mode),
  focus: (request, { registry }) => focusRef(registry, request.ref),
  scroll: (request, { registry }) => scrollPageOrRef(registry, request),
  describe_ref: (request, { registry }) => describeTarget(registry, request),
};
