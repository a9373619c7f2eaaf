import type { ToolContext } from "../toolRegistry.js";

/** The content script's highlight label is at most this long. */
const MAX_LABEL_CHARS = 80;

/**
 * The on-page label of a dispatched action: who acts, then what ("agent-2: click"), so a
 * person watching several agents can tell them apart. The side panel's own replays
 * carry the requester of the confirmation they answer.
 */
export function actionLabel(context: Pick<ToolContext, "requester">, what: string): string {
  const requester = context.requester;
  const who =
    requester === undefined
      ? "WebOperator"
      : (requester.name ?? (requester.kind === "task" ? `task ${requester.id.replace(/^task_/, "")}` : requester.id));
  const label = `${who}: ${what}`;
  return label.length <= MAX_LABEL_CHARS ? label : `${label.slice(0, MAX_LABEL_CHARS - 1)}…`;
}
