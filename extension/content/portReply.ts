import type { ContentPortReply } from "../../protocol/contentReplies.js";

/** The part of chrome.runtime.Port a reply needs. */
interface ReplyPort {
  postMessage(message: unknown): void;
}

/**
 * Sends a content op's reply over its port. The page does not check its own results (the worker
 * checks every reply), so a result Chrome cannot copy must still be answered, as an
 * internal_error, or the worker's call would wait out its deadline.
 */
export function postReply(port: ReplyPort, reply: ContentPortReply, request: unknown): void {
  try {
    port.postMessage(reply);
    return;
  } catch (error) {
    const op = typeof request === "object" && request !== null && "op" in request ? String(request.op) : "request";
    const reason = error instanceof Error ? error.message : String(error);
    try {
      port.postMessage({
        id: reply.id,
        reply: {
          ok: false,
          code: "internal_error",
          error: `The page's ${op} answer could not be sent (${reason}); take a new snapshot and retry.`,
        },
        ...(reply.held === undefined ? {} : { held: reply.held }),
      } satisfies ContentPortReply);
    } catch {
      // The worker went away or the port closed: its call already failed over.
    }
  }
}
