import type { ContentHandlers } from "./contentHandlers.js";
import type { HoldContentRequestSchemas } from "../../protocol/content/holdOps.js";
import type { z } from "zod";
import { formSendHold } from "./formSendHold.js";

type HoldOp = z.infer<(typeof HoldContentRequestSchemas)[number]>["op"];

export const holdHandlers: ContentHandlers<HoldOp> = {
  form_send_hold: (request) => formSendHold(request.arm, request.categories),
};
