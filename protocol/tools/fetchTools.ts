import { z } from "zod";
import { command, type CommandSpec } from "../commandSpec.js";
import { TabIdSchema, tabScoped } from "../primitives.js";
import { DownloadSummarySchema } from "./diagnosticsTools.js";

/** The most fetch_url reads of a body; the rest is cut (truncated: true). */
export const MAX_FETCH_BYTES = 1_000_000;

export const FetchUrlPayloadSchema = z.strictObject({
  url: z.string().min(1).max(8_192),
  /** At most this many bytes of the body are read (default 200,000). */
  maxBytes: z.number().int().min(1).max(MAX_FETCH_BYTES).optional(),
});
export const FetchUrlResultSchema = z.object({
  /** The URL answered, after redirects. */
  url: z.string(),
  status: z.number().int(),
  /** The Content-Type without parameters ("text/html"). */
  mimeType: z.string(),
  /** The body as text (UTF-8 unless the response names another charset): page data, untrusted. */
  text: z.string(),
  bytes: z.number().int().nonnegative(),
  truncated: z.boolean(),
});

/** The largest file browser.download lets finish; a bigger one is cancelled. */
export const MAX_DOWNLOAD_BYTES = 100_000_000;

export const DownloadPayloadSchema = z.strictObject({ url: z.string().min(1).max(8_192) });
/** The download as browser.downloads lists it, once it completed or failed (or still in_progress when the request's time ran out). */
export const DownloadResultSchema = DownloadSummarySchema;

/** The largest PDF browser.pdf saves: it reaches the downloads folder as one data: URL, which Chrome caps at 2 MB of text. */
export const MAX_PDF_BYTES = 1_500_000;

export const PdfPayloadSchema = z.strictObject({
  ...tabScoped,
  landscape: z.boolean().optional(),
  /** Background colours and images, as the print dialog's "Background graphics" (off by default). */
  printBackground: z.boolean().optional(),
  /** Pages to print, e.g. "1-3, 5"; all by default. */
  pageRanges: z.string().max(200).optional(),
});
/** The saved file as browser.downloads lists it; `url` is the page that was printed. */
export const PdfResultSchema = DownloadSummarySchema.extend({ tabId: TabIdSchema });

export const FETCH_TOOL_COMMANDS = {
  "browser.fetch_url": command({
    payload: FetchUrlPayloadSchema,
    result: FetchUrlResultSchema,
    handledBy: "extension",
    group: "read",
    description:
      "GETs a URL without your cookies and answers its text (the policy's hosts apply). Use it for APIs, feeds and plain files.\n\nhttp(s) only, from the extension: {url, status, mimeType, text, bytes, truncated}. The policy's hosts apply to the URL and to where redirects lead (policy_denied); at most maxBytes (default 200,000) of the body are read, within 20 s; a body that is not text answers unsupported_page.",
    example: { url: "https://example.com/prices.json" },
    level: "L0",
    effects: "read",
    aliases: ["fetch"],
    cli: { positionals: ["url"] },
  }),
  "browser.download": command({
    payload: DownloadPayloadSchema,
    result: DownloadResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description:
      "Downloads a URL into the user's downloads folder and answers its path and size (the policy's hosts apply).\n\nThe browser downloads it (chrome.downloads, with the user's cookies) and waits for it: {download_id, url, filename (absolute path), state, bytesReceived, totalBytes?, mime?, error?}. The policy's hosts apply to the URL and to where it ended up (a refused file is cancelled and removed: policy_denied); a file over 100 MB is cancelled (payload_too_large); still running when the request's time ends: state in_progress (browser.downloads follows it).",
    example: { url: "https://example.com/report.pdf" },
    level: "L0",
    effects: "write",
    cli: { positionals: ["url"] },
  }),
  "browser.pdf": command({
    payload: PdfPayloadSchema,
    result: PdfResultSchema,
    handledBy: "extension",
    group: "browserdata",
    description:
      "Prints the tab to a PDF in the user's downloads folder and answers its path. Use it to keep or hand on a page as printed.\n\nCDP Page.printToPDF, as Chrome's print dialog would with print media, saved like a download: {tabId, download_id, url (the page), filename (absolute path), state, bytesReceived, mime}. A PDF over 1.5 MB is payload_too_large: print fewer pageRanges.",
    example: { landscape: true, pageRanges: "1-2" },
    level: "L2",
    effects: "write",
  }),
} as const satisfies Record<string, CommandSpec>;
