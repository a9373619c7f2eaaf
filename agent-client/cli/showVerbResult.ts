import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { ScreenshotResultSchema as ImageResultSchema, WebOperatorError, type AgentRequest } from "../../protocol/index.js";
import { UntrustedSourceSchema } from "../../protocol/tools/perceptionTools.js";
import type { CommandVerb } from "./commandVerbs.js";
import { formatJson } from "./formatJson.js";
import type { CliIo } from "./io.js";

/** The fields a text-bearing result (snapshot, read_page, extract, get_selection, ...) shares. */
const TextResultSchema = z.object({
  text: z.string(),
  truncated: z.boolean().optional(),
  untrusted: UntrustedSourceSchema.optional(),
  nextChar: z.number().optional(),
  totalChars: z.number().optional(),
});

function parseResult<T>(schema: z.ZodType<T>, value: unknown, verb: string): T {
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
export function showVerbResult(verb: CommandVerb, request: AgentRequest, result: unknown, outputFile: string | undefined, io: CliIo): void {
  switch (verb.output) {
    case "snapshot": {
      const snapshot = parseResult(TextResultSchema, result, verb.name);
      io.out(withNewline(snapshot.text));
      if (snapshot.truncated === true) io.err(`(truncated; raise --max-chars to see more)\n`);
      return;
    }
    case "text": {
      const text = parseResult(TextResultSchema, result, verb.name);
      io.out(withNewline(text.text));
      // The text is the page's, not ours: say where it came from, on stderr so pipes get only the text.
      if (text.untrusted) io.err(`(untrusted page content from ${text.untrusted.url}, tab ${text.untrusted.tabId})\n`);
      if (text.nextChar !== undefined && text.totalChars !== undefined) io.err(continueHint(verb, text.nextChar, text.totalChars, request));
      return;
    }
    case "image": {
      const shot = parseResult(ImageResultSchema, result, verb.name);
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

function continueHint(verb: CommandVerb, nextChar: number, totalChars: number, request: AgentRequest): string {
  const ref = request.payload?.ref;
  const refPart = typeof ref === "string" ? ` --ref ${ref}` : "";
  return `(more text: ${totalChars - nextChar} of ${totalChars} chars left; continue with \`weboperator ${verb.name}${refPart} --from ${nextChar}\`)\n`;
}
