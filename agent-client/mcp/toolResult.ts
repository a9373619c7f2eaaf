import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  ScreenshotResultSchema,
  markPageStrings,
  newUntrustedBoundary,
  withoutUiDetails,
  type ErrorDetails,
  type ResultTrust,
  type UntrustedBoundary,
} from "../../protocol/index.js";
import { stageLabel } from "../stageLabel.js";
import { summarizeAction } from "./actionSummary.js";

/**
 * How a WebOperator answer goes out as MCP content. Whatever a page supplied (snapshot and
 * read text, extracts, titles, URLs, console and network lines) is inside a page-data
 * boundary with this call's own nonce; only our own lines stand outside it.
 * - images (screenshot, zoom) as image content, their geometry as text and structured content;
 * - write actions as what changed (diff, dialogs, navigation, new tab), never the whole page;
 * - text-bearing results (snapshot, read_page, extract, ...) as their text, the whole result as structured content;
 * - anything else as JSON text and structured content.
 * Some hosts hand the model the structured content rather than the text, so there every
 * string a page may have supplied is marked too, each on its own, with the same nonce.
 * A command whose descriptor declares an `own` result goes out as plain JSON, and a
 * result's UI-only `details` never goes out at all.
 */
export function toolResultOf(toolName: string, answer: unknown, trust: ResultTrust = "page"): CallToolResult {
  // UI-only coordinates and boxes never reach the model, in the text or the structured content.
  const result = withoutUiDetails(answer);
  // WebOperator's own facts (status, settings, hashes) need no page-data boundary.
  if (trust === "own" && isRecord(result))
    return { content: [{ type: "text", text: `${toolName}${sourceTab(result)}:\n${JSON.stringify(result)}` }], structuredContent: result };
  const boundary = newUntrustedBoundary();
  const image = ScreenshotResultSchema.safeParse(result);
  if (image.success) {
    const { data, ...geometry } = image.data;
    return {
      content: [
        { type: "image", data, mimeType: image.data.mimeType },
        { type: "text", text: `${toolName}${sourceTab(result)}: ${JSON.stringify(geometry)}` },
      ],
      structuredContent: geometry,
    };
  }
  if (!isRecord(result)) return { content: [{ type: "text", text: `${toolName}:\n${boundary.wrap(JSON.stringify(result))}` }] };
  const source = sourceTab(result);
  const action = summarizeAction(result);
  if (action !== null) {
    const text = [`${toolName} done${source}.`, ...action.ownLines, boundary.wrap(action.pageLines.join("\n"))].join("\n");
    return { content: [{ type: "text", text }], structuredContent: marked(action.structured, boundary) };
  }
  const structured = withoutInlineImages(result);
  const body = typeof structured.text === "string" ? textResultBody(structured) : JSON.stringify(structured);
  return {
    content: [{ type: "text", text: `${toolName}${source}:\n${boundary.wrap(body)}` }, ...inlineImages(result)],
    structuredContent: marked(structured, boundary),
  };
}

/** The tab a result came from, as ` [tabId=N]`: an agent working several tabs reads which page a text is about. */
function sourceTab(result: unknown): string {
  return isRecord(result) && typeof result.tabId === "number" ? ` [tabId=${result.tabId}]` : "";
}

function marked(structured: Record<string, unknown>, boundary: UntrustedBoundary): Record<string, unknown> {
  return markPageStrings(structured, boundary) as Record<string, unknown>;
}

/** A text result's page text, after one line of its other scalar fields (url, title, refCount, ...). */
function textResultBody(result: Record<string, unknown>): string {
  const header = Object.entries(result).filter(([key, value]) => key !== "text" && isScalar(value));
  const headerLine = header.length > 0 ? `${JSON.stringify(Object.fromEntries(header))}\n` : "";
  return `${headerLine}${String(result.text)}`;
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** Errors whose message is wholly ours: the bridge's own state, never a page's words. */
const OWN_MESSAGE_CODES: ReadonlySet<string> = new Set([
  "extension_disconnected",
  "unauthorized",
  "unknown_command",
  "timeout",
  "paused_by_user",
]);

/**
 * A WebOperator failure as an MCP tool error: the agent sees the code, a write's failure
 * stage, and what to do next, and a confirmation_required's held-back action both as JSON
 * text and structured content.
 * `fromBrowser`: the message came back from the browser, where it may quote the page (a
 * covering element's name, a select's options, the target of a confirmation): then the
 * message and the confirmation go inside the page-data boundary; the code and stage stay outside.
 */
export function toolErrorOf(code: string, message: string, details: ErrorDetails = {}, fromBrowser = false): CallToolResult {
  const { confirmation, stage } = details;
  const structuredContent = {
    code,
    error: message,
    ...(stage === undefined ? {} : { stage }),
    ...(confirmation === undefined ? {} : { confirmation }),
  };
  const body = confirmation === undefined ? message : `${message}\nconfirmation: ${JSON.stringify(confirmation)}`;
  const label = `error [${code}]${stageLabel(stage)}`;
  if (fromBrowser && !OWN_MESSAGE_CODES.has(code)) {
    const boundary = newUntrustedBoundary();
    const text = `${label} (the details may quote the page):\n${boundary.wrap(body)}`;
    return { isError: true, content: [{ type: "text", text }], structuredContent: marked(structuredContent, boundary) };
  }
  return { isError: true, content: [{ type: "text", text: `${label}: ${body}` }], structuredContent };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Base64 PNG fields other results carry (a Browser-Use state's `screenshot`). */
const INLINE_IMAGE_FIELDS = ["screenshot"] as const;

function inlineImages(result: Record<string, unknown>): CallToolResult["content"] {
  return INLINE_IMAGE_FIELDS.flatMap((field) => {
    const value = result[field];
    return typeof value === "string" && value.length > 0 ? [{ type: "image" as const, data: value, mimeType: "image/png" }] : [];
  });
}

function withoutInlineImages(result: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...result };
  for (const field of INLINE_IMAGE_FIELDS) if (typeof copy[field] === "string") copy[field] = "(image content)";
  return copy;
}
