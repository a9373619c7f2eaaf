import { randomBytes } from "node:crypto";

/**
 * The name an engine tool's request is stored under: the call's tool_use id, so the same
 * call run again after a bridge restart finds its request (and its answer) instead of
 * making a second one.
 */
export function toolUseKey(context: { toolUse: { id: string } } | undefined): string {
  return context?.toolUse.id ?? `unnamed_${randomBytes(6).toString("hex")}`;
}
