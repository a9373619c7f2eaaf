import type { ContentHandlers } from "./contentHandlers.js";
import type { holdContentRequests } from "../../protocol/content/holdRequests.js";
import { formSendHold } from "./formSendHold.js";

type HoldOp = keyof typeof holdContentRequests;

export const holdHandlers: ContentHandlers<HoldOp> = {
  form_send_hold: (request) => formSendHold(request.categories, request.forMs, request.steps ?? [], request.stepsForMs ?? 0),
};
