import type { ContentHandlers } from "./contentHandlers.js";
import type { BrowserActionContentRequestSchemas } from "../../protocol/content/browserActionOps.js";
import type { z } from "zod";
import { clickRef } from "./actions/clickInPage.js";
import { focusRef } from "./actions/focusInPage.js";
import { scrollPageOrRef } from "./actions/scrollInPage.js";
import { typeIntoRef } from "./actions/typeInPage.js";
import { describeTarget } from "./describeTarget.js";

type BrowserActionOp = z.infer<(typeof BrowserActionContentRequestSchemas)[number]>["op"];

export const browserActionHandlers: ContentHandlers<BrowserActionOp> = {
  click: (request, { registry }) => clickRef(registry, request.ref),
  type: (request, { registry }) => typeIntoRef(registry, request.ref, request.text, request.mode),
  focus: (request, { registry }) => focusRef(registry, request.ref),
  scroll: (request, { registry }) => scrollPageOrRef(registry, request),
  describe_ref: (request, { registry }) => describeTarget(registry, request),
};
