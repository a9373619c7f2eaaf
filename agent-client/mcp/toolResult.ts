import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  ScreenshotResultSchema,
  markPageStrings,
  newUntrustedBoundary,
  withoutUiDetails,
  type FirstLook,
  type ResultTrust,
  type UntrustedBoundary,
} from "../../protocol/index.js";
import { dialogLine, summarizeAction, type ActionSummary } from "./actionSummary.js";
import { ownFieldsText, pageFieldLines, splitResultFields } from "./resultFields.js";
import { firstLookOf, firstLookOwnLine } from "./firstLookText.js";

/**
 * How a WebOperator answer goes out as MCP content: text a model reads, with whatever a page
 * supplied (snapshot and read text, extracts, titles, URLs, a target's name, console and
 * network lines) inside one page-data marking with this call's own nonce, and our own
 * fields, codes and values outside it.
 * - images (screenshot, zoom) as image content, their geometry as text;
 * - write actions as their effect and what changed (diff, dialogs, navigation, new tab), never the whole page;
 * - text-bearing results (snapshot, read_page, extract, ...) as their text, after their own fields;
 * - anything else as its own fields, then its page fields as lines.
 * The structured content is for `--structured` (resultMode.ts drops it otherwise): the result
 * with each page string marked on its own, with the same nonce, for programs to unmark.
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
    const text = actionText(`${toolName} done${source}`, action, boundary);
    return { content: [{ type: "text", text }], structuredContent: markedStrings(action.structured, boundary) };
  }
  // A confirmed action answers with the held action's own result inside: told as that action's effect and changes.
  const held = isRecord(result.result) ? summarizeAction(result.result) : null;
  if (held !== null) {
    const { own } = splitResultFields(result, new Set(["result"]));
    const text = actionText(`${toolName} done${sourceTab(result.result)}: ${ownFieldsText(own)};`, held, boundary);
    return { content: [{ type: "text", text }], structuredContent: markedStrings({ ...result, result: held.structured }, boundary) };
  }
  const structured = withoutInlineImages(result);
  return {
    content: [{ type: "text", text: recordText(toolName, source, structured, boundary) }, ...inlineImages(result)],
    structuredContent: markedStrings(structured, boundary),
  };
}

/**
 * A result's own fields on its first line, then its page part inside the marking: page
 * fields as lines, then its page text. A field the text already prints (a snapshot's URL and
 * title, its snapshotId) is not repeated. A result with no page part has no marking at all.
 */
function recordText(toolName: string, source: string, result: Record<string, unknown>, boundary: UntrustedBoundary): string {
  const look = firstLookOf(result);
  if (look !== null) return firstLookRecordText(toolName, source, result, look, boundary);
  const text = typeof result.text === "string" ? result.text : undefined;
  const { own, page } = splitResultFields(result, new Set(["tabId", "text"]));
  const printed = ([, value]: [string, unknown]): boolean => text !== undefined && typeof value === "string" && text.includes(value);
  const body = [...pageFieldLines(page.filter((field) => !printed(field))), ...(text === undefined ? [] : [text])];
  const ownShown = own.filter((field) => !printed(field) && !quietFlag(field));
  const head = `${toolName}${source}:${ownShown.length > 0 ? ` ${ownFieldsText(ownShown)}` : ""}`;
  return body.length > 0 ? `${head}\n${boundary.wrap(body.join("\n"))}` : head;
}

/**
 * A navigate (or reload, go_back, go_forward) that answers the page's first look: our own
 * fields and the line that says what follows, then the snapshot inside the marking. Its
 * header carries the URL and title, so the result's own are not said again.
 */
function firstLookRecordText(
  toolName: string,
  source: string,
  result: Record<string, unknown>,
  look: FirstLook,
  boundary: UntrustedBoundary,
): string {
  const { own, page } = splitResultFields(result, new Set(["tabId", "first_look", "url", "title"]));
  const ownShown = own.filter((field) => !quietFlag(field));
  const head = `${toolName}${source}:${ownShown.length > 0 ? ` ${ownFieldsText(ownShown)}` : ""}`;
  const dialogs = (look.dialogs ?? []).map(dialogLine);
  return `${head}\n${firstLookOwnLine(look, false)}\n${boundary.wrap([...pageFieldLines(page), ...dialogs, look.text].join("\n"))}`;
}

/** Flags that, off, tell the model nothing: a snapshot that is whole, a page that has loaded. Only their `true` is news. */
const QUIET_WHEN_FALSE: ReadonlySet<string> = new Set(["truncated", "loading"]);

function quietFlag([key, value]: [string, unknown]): boolean {
  return value === false && QUIET_WHEN_FALSE.has(key);
}

/** An action's answer: our headline and lines, then its page part inside the one marking (none when it has none). */
function actionText(head: string, action: ActionSummary, boundary: UntrustedBoundary): string {
  const headline = action.headline === "" ? head : `${head}${head.endsWith(";") ? " " : ": "}${action.headline}`;
  const pageBlock = action.pageLines.length > 0 ? [boundary.wrap(action.pageLines.join("\n"))] : [];
  return [headline, ...action.ownLines, ...pageBlock].join("\n");
}

/** The tab a result came from, as ` [tabId=N]`: an agent working several tabs reads which page a text is about. */
function sourceTab(result: unknown): string {
  return isRecord(result) && typeof result.tabId === "number" ? ` [tabId=${result.tabId}]` : "";
}

function markedStrings(structured: Record<string, unknown>, boundary: UntrustedBoundary): Record<string, unknown> {
  return markPageStrings(structured, boundary) as Record<string, unknown>;
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
