import {
  ContentReplySchema,
  contentResultSchema,
  WebOperatorError,
  describeZodError,
  type ContentOp,
  type ContentRequest,
  type ContentResult,
  type HopRecorder,
} from "../../protocol/index.js";
import { sendOverPort, type PortAnswer } from "./contentPorts.js";

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;

const DOCUMENT_GONE_MID_CALL = "The page navigated away while the command ran, so its refs are stale. Take a new snapshot.";

/** The document a call was sent to went away before it answered: the call may well have run (a link's click navigates). */
export function documentWentAwayMidCall(error: unknown): boolean {
  return error instanceof WebOperatorError && error.code === "stale_ref" && error.message === DOCUMENT_GONE_MID_CALL;
}

/**
 * Sends one request to the content script of a tab's top frame and validates the reply.
 * Tabs that were open before the extension loaded have no content script yet, so it is
 * injected on demand from the files the manifest declares.
 */
export async function callContent<Op extends ContentOp>(
  tabId: number,
  request: Extract<ContentRequest, { op: Op }>,
  /** The tab as this call already read it: saves a chrome.tabs.get. */
  known?: chrome.tabs.Tab,
  /** A traced call: the port's round trip and the page's own steps are added to it. */
  hops?: HopRecorder,
): Promise<ContentResult<Op>> {
  ensureScriptable(tabId, known ?? (await chrome.tabs.get(tabId)));
  let raw: unknown;
  try {
    hops?.mark("worker: tool before the page");
    const answer = await sendWithInjection(tabId, request, hops !== undefined);
    hops?.nest("content port, both ways (Chrome)", answer.hops ?? []);
    raw = answer.reply;
  } catch (error) {
    if (error instanceof WebOperatorError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/message port closed|page .* navigated|back\/forward cache/i.test(message)) {
      throw new WebOperatorError("stale_ref", DOCUMENT_GONE_MID_CALL);
    }
    throw new WebOperatorError("internal_error", `Could not reach the page's content script: ${message}`);
  }
  const reply = ContentReplySchema.safeParse(raw);
  if (!reply.success)
    throw new WebOperatorError("internal_error", `The content script answered malformed data: ${describeZodError(reply.error, "reply")}.`);
  if (!reply.data.ok) throw new WebOperatorError(reply.data.code, reply.data.error);
  const op = request.op;
  const result = contentResultSchema(op).safeParse(reply.data.result);
  if (!result.success)
    throw new WebOperatorError(
      "internal_error",
      `The content script's ${op} result is malformed: ${describeZodError(result.error, "result")}.`,
    );
  hops?.mark("worker: content reply check");
  return result.data as ContentResult<Op>;
}

/** Attempts at which the script is injected (again): a first injection can race the tab's next commit. */
const INJECT_AT = new Set([0, 4, 8]);

async function sendWithInjection(tabId: number, request: ContentRequest, traceHops: boolean): Promise<PortAnswer> {
  let injectionFailure: string | null = null;
  for (let attempt = 0; attempt < 12; attempt++) {
    try {
      return await sendOverPort(tabId, request, traceHops);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!NO_RECEIVER.test(message)) throw error;
      // Not there (document_start never ran: the tab predates the extension, or its renderer
      // had not heard of the extension yet): inject it now; a run into a document that has it is a no-op.
      if (INJECT_AT.has(attempt)) injectionFailure = await injectContentScript(tabId);
      // Short first waits: right after a load the listener is usually a few ms away.
      await new Promise((done) => setTimeout(done, Math.min(150, 5 * 2 ** attempt)));
    }
  }
  throw new WebOperatorError(
    "unsupported_page",
    "The page's content script never answered, even injected again" +
      (injectionFailure === null ? "" : ` (Chrome refused the injection: ${injectionFailure})`) +
      ": the tab may show a browser error page (a failed load) or a page scripts may not run on. Navigate it to a working http(s) page, or reload it.",
  );
}

/** Injects the isolated-world script that answers ops; resolves to Chrome's refusal, if any. */
async function injectContentScript(tabId: number): Promise<string | null> {
  // Only that script: the page recorders (pageRecord/) only make sense before page scripts run.
  const scripts = chrome.runtime.getManifest().content_scripts ?? [];
  const files = scripts.flatMap((script) => script.js ?? []).filter((file) => !file.includes("pageRecord/"));
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files, injectImmediately: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function ensureScriptable(tabId: number, tab: chrome.tabs.Tab): void {
  const url = tab.url ?? tab.pendingUrl ?? "";
  if (!/^https?:/i.test(url)) {
    throw new WebOperatorError(
      "unsupported_page",
      `Tab ${tabId} shows ${url || "no page"}, which WebOperator cannot read or act on. Navigate it to an http(s) page first (browser.navigate).`,
    );
  }
}
