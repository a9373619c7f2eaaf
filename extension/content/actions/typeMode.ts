import type { ContentRequest } from "../../../protocol/index.js";

export type TypeMode = Extract<ContentRequest, { op: "type" }>["mode"];
