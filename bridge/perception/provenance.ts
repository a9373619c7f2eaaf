import { randomUUID } from "node:crypto";
import type { BodyProvenance } from "../../protocol/index.js";

export const BODY_PROVIDER = "weboperator";
export const DEFAULT_AGENT_ID = "WebOperator";

export function newTraceId(): string {
  return `trace_${randomUUID()}`;
}

/** The accountability every &body.browser outcome carries: who did what, through which capability, when, under which trace. */
export function provenanceOf(operation: "act" | "replay", agentId: string | undefined, traceId: string, timestamp: string): BodyProvenance {
  return {
    provider: BODY_PROVIDER,
    capability: "&body.browser",
    operation,
    timestamp,
    agent_id: agentId ?? DEFAULT_AGENT_ID,
    trace_id: traceId,
  };
}
