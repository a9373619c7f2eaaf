import { WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { checkOpenUrl } from "../gatekeeper/pageChecks.js";
import { policyFor } from "../gatekeeper/policyStore.js";
import { shortenUrl } from "../httpUrl.js";

const DEFAULT_MAX_BYTES = 200_000;
const FETCH_TIMEOUT_MS = 20_000;
/** Bodies read as text: text/*, JSON, XML, scripts and form data. Anything else is a file: download it. */
const TEXT_TYPES = /^text\/|[/+](json|xml)$|^application\/(javascript|ecmascript|x-www-form-urlencoded)$/;

/** Reads at most `limit` bytes of the body, then lets the rest go. */
async function readCapped(response: Response, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (reader === undefined) return { bytes: new Uint8Array(), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: joined(chunks, size), truncated: false };
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { bytes: joined(chunks, size).slice(0, limit), truncated: true };
    }
  }
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * A GET from the service worker, not from a page: without the user's cookies, so it reads
 * only what anyone may read, while the gatekeeper has checked the URL against the policy's
 * hosts as for a navigation. Where redirects led is checked too before any of the body is read.
 */
export const fetchUrlTool = defineTool({
  name: "browser.fetch_url",
  async run({ url, maxBytes }, context) {
    const timeoutMs = Math.max(1, Math.min(FETCH_TIMEOUT_MS, context.deadline - Date.now() - 250));
    const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]);
    let response: Response;
    try {
      response = await fetch(url, { credentials: "omit", cache: "no-store", redirect: "follow", signal });
    } catch (error) {
      if (signal.aborted)
        throw new WebOperatorError(
          "timeout",
          `${shortenUrl(url)} did not answer within ${timeoutMs} ms. Try again later, or open it with navigate.`,
        );
      throw new WebOperatorError(
        "navigation_failed",
        `Fetching ${shortenUrl(url)} failed: ${error instanceof Error ? error.message : String(error)}. Check the URL.`,
      );
    }
    try {
      checkOpenUrl(await policyFor(context.agent), response.url);
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      throw error;
    }
    const contentType = response.headers.get("content-type") ?? "";
    const mimeType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
    if (!TEXT_TYPES.test(mimeType)) {
      await response.body?.cancel().catch(() => undefined);
      throw new WebOperatorError(
        "unsupported_page",
        `${shortenUrl(response.url)} is ${mimeType || "of no stated type"}, not text. Download it instead.`,
      );
    }
    const { bytes, truncated } = await readCapped(response, maxBytes ?? DEFAULT_MAX_BYTES).catch((error: unknown) => {
      throw new WebOperatorError(
        signal.aborted ? "timeout" : "navigation_failed",
        `Reading ${shortenUrl(response.url)} failed: ${error instanceof Error ? error.message : String(error)}.`,
      );
    });
    return { url: response.url, status: response.status, mimeType, text: decode(bytes, contentType), bytes: bytes.byteLength, truncated };
  },
});
