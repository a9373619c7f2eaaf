import { z } from "zod";
import { TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";

/**
 * Diagnostics: console and network entries since the last read of a tab, and
 * the downloads actions started. Credential-like values are redacted and long values cut
 * to about 500 characters before they leave the extension.
 */

export const ConsoleEntrySchema = z.object({
  /** log, info, warning, error, debug, … as CDP reports them. */
  level: z.string(),
  /** "console" (console.* calls), "exception" (uncaught errors), or a Log domain source (network, violation, …). */
  source: z.string(),
  text: z.string(),
  url: z.string().optional(),
  line: z.number().int().optional(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
});

export const ReadConsolePayloadSchema = z.strictObject({ ...tabScoped });
export const ReadConsoleResultSchema = z.object({
  tabId: TabIdSchema,
  entries: z.array(ConsoleEntrySchema),
  /** Entries left out beyond the per-read cap (the oldest are dropped). */
  dropped: z.number().int().nonnegative(),
});

export const NetworkEntrySchema = z.object({
  method: z.string(),
  url: z.string(),
  /** webRequest resource type: main_frame, script, xmlhttprequest, fetch (as "xmlhttprequest"), image, … */
  type: z.string(),
  status: z.number().int().optional(),
  /** The response's MIME type, from its Content-Type header without parameters ("text/html"). */
  mimeType: z.string().optional(),
  /** The network error (net::ERR_…) when the request failed. */
  error: z.string().optional(),
  fromCache: z.boolean().optional(),
  /** "name: value" lines, credential headers redacted; at most 20 of each. */
  requestHeaders: z.array(z.string()).optional(),
  responseHeaders: z.array(z.string()).optional(),
  timestamp: z.number(),
  durationMs: z.number().nonnegative().optional(),
});

export const ReadNetworkPayloadSchema = z.strictObject({ ...tabScoped });
export const ReadNetworkResultSchema = z.object({
  tabId: TabIdSchema,
  entries: z.array(NetworkEntrySchema),
  dropped: z.number().int().nonnegative(),
  /** Requests still in flight; they are reported by a later read once they finish. */
  inFlight: z.number().int().nonnegative(),
});

export const DownloadStateSchema = z.enum(["in_progress", "complete", "interrupted"]);
export const DownloadSummarySchema = z.object({
  /** "dl-<chrome download id>": the id download_started / download_completed reports use. */
  download_id: z.string(),
  /** Final URL, after redirects, with credential-like query values redacted. */
  url: z.string(),
  /** Absolute path on the browser's machine, "" until Chrome has chosen it. */
  filename: z.string(),
  state: DownloadStateSchema,
  /** Chrome's interrupt reason (e.g. NETWORK_FAILED, USER_CANCELED) when interrupted. */
  error: z.string().optional(),
  bytesReceived: z.number().nonnegative(),
  totalBytes: z.number().nonnegative().optional(),
  mime: z.string().optional(),
});
export type DownloadSummary = z.infer<typeof DownloadSummarySchema>;

export const DownloadsPayloadSchema = z.strictObject({});
export const DownloadsResultSchema = z.object({
  /** Downloads Chrome started since the extension was loaded, newest first, at most 50. */
  downloads: z.array(DownloadSummarySchema),
  truncated: z.boolean(),
});

export const DIAGNOSTICS_TOOL_COMMANDS = {
  "browser.read_console": command({
    payload: ReadConsolePayloadSchema,
    result: ReadConsoleResultSchema,
    handledBy: "extension",
    group: "devtools",
    description:
      "Console messages and uncaught errors since the last read. Use it to debug a page.\n\nPer tab: {tabId, entries: [{level, source, text, url?, line?, timestamp}], dropped}. Credentials redacted.",
    example: {},
    level: "L2",
    effects: "read",
    aliases: ["console"],
  }),
  "browser.read_network": command({
    payload: ReadNetworkPayloadSchema,
    result: ReadNetworkResultSchema,
    handledBy: "extension",
    group: "devtools",
    description:
      "Network requests since the last read. Use it to debug a page.\n\nPer tab: {tabId, entries: [{method, url, type, status?, mimeType?, fromCache, requestHeaders, responseHeaders, error?, timestamp, durationMs}], dropped, inFlight}. Credentials redacted.",
    example: {},
    level: "L0",
    effects: "read",
    aliases: ["network"],
  }),
  "browser.downloads": command({
    payload: DownloadsPayloadSchema,
    result: DownloadsResultSchema,
    handledBy: "extension",
    group: "devtools",
    description:
      "The browser's downloads and their state.\n\nAnswers {downloads: [{download_id, url, filename, state, bytesReceived, ...}], truncated}.",
    example: {},
    level: "L0",
    effects: "read",
  }),
} as const satisfies Record<string, CommandSpec>;
