import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ScreenshotResultSchema, type ConfirmationRequest } from "../../protocol/index.js";

/**
 * How a WebOperator answer goes out as MCP content:
 * - images (screenshot, zoom) as image content, their geometry as text and structured content;
 * - text-bearing results (snapshot, read_page, extract, ...) as their text, the whole result as structured content;
 * - anything else as JSON text and structured content.
 */
export function toolResultOf(result: unknown): CallToolResult {
  const image = ScreenshotResultSchema.safeParse(result);
  if (image.success) {
    const { data, ...geometry } = image.data;
    return {
      content: [
        { type: "image", data, mimeType: image.data.mimeType },
        { type: "text", text: JSON.stringify(geometry) },
      ],
      structuredContent: geometry,
    };
  }
  const structured = isRecord(result) ? withoutInlineImages(result) : undefined;
  const images = isRecord(result) ? inlineImages(result) : [];
  const text = structured !== undefined && typeof structured.text === "string" ? structured.text : JSON.stringify(structured ?? result, null, 2);
  return {
    content: [{ type: "text", text }, ...images],
    ...(structured === undefined ? {} : { structuredContent: structured }),
  };
}

/**
 * A WebOperator failure as an MCP tool error: the agent sees the code and what to do next,
 * and a confirmation_required's held-back action both as JSON text and structured content.
 */
export function toolErrorOf(code: string, message: string, confirmation?: ConfirmationRequest): CallToolResult {
  const text = `error [${code}]: ${message}`;
  if (confirmation === undefined) return { isError: true, content: [{ type: "text", text }], structuredContent: { code, error: message } };
  return {
    isError: true,
    content: [{ type: "text", text: `${text}\nconfirmation: ${JSON.stringify(confirmation)}` }],
    structuredContent: { code, error: message, confirmation },
  };
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
