import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  ExtractResultSchema,
  ScreenshotResultSchema,
  SnapshotResultSchema,
  WebOperatorError,
  type AgentRequest,
} from "../../protocol/index.js";
import type { BrowserVerb } from "./browserVerbs.js";
import { formatJson } from "./formatJson.js";
import type { CliIo } from "./io.js";

function parseResult<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown, verb: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new WebOperatorError("internal_error", `the bridge returned a malformed ${verb} result`);
  return parsed.data;
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

export function defaultScreenshotName(now: Date = new Date()): string {
  return `screenshot-${now.toISOString().replace(/[:.]/g, "-")}.png`;
}

/** Shows a successful result the way a person wants it; anything without a special form prints as JSON. */
export function showVerbResult(verb: BrowserVerb, request: AgentRequest, result: unknown, outputFile: string | undefined, io: CliIo): void {
  switch (verb.output) {
    case "snapshot": {
      const snapshot = parseResult(SnapshotResultSchema, result, verb.name);
      io.out(withNewline(snapshot.text));
      if (snapshot.truncated) io.err(`(snapshot truncated; raise --max-chars to see more)\n`);
      return;
    }
    case "extract": {
      const extract = parseResult(ExtractResultSchema, result, verb.name);
      io.out(withNewline(extract.text));
      // The text is the page's, not ours: say where it came from, on stderr so pipes get only the text.
      if (extract.untrusted) io.err(`(untrusted page content from ${extract.untrusted.url}, tab ${extract.untrusted.tabId})\n`);
      if (extract.nextChar !== undefined) io.err(continueHint(extract.nextChar, extract.totalChars, request));
      return;
    }
    case "screenshot": {
      const shot = parseResult(ScreenshotResultSchema, result, verb.name);
      const bytes = Buffer.from(shot.data, "base64");
      const file = resolve(io.cwd, outputFile ?? defaultScreenshotName());
      writeFileSync(file, bytes);
      io.out(`${file} (${bytes.byteLength} bytes, ${shot.width}x${shot.height})\n`);
      return;
    }
    case "json":
      io.out(formatJson(result, io.stdoutIsTTY));
  }
}

function continueHint(nextChar: number, totalChars: number, request: AgentRequest): string {
  const ref = request.payload?.ref;
  const refPart = typeof ref === "string" ? ` --ref ${ref}` : "";
  return `(more text: ${totalChars - nextChar} of ${totalChars} chars left; continue with \`weboperator extract${refPart} --from ${nextChar}\`)\n`;
}
