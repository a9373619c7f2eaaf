import type { ContentRequest } from "../../../protocol/contentMessages.js";

export type TypeMode = Extract<ContentRequest, { op: "type" }>["mode"];
