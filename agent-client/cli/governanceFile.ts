import { readFileSync } from "node:fs";
import { z } from "zod";
import { GovernanceDeclarationSchema, describeZodError, type GovernanceDeclaration } from "../../protocol/index.js";
import { compileGovernance } from "../../bridge/agents/agentGovernance.js";
import { UsageError } from "./usageError.js";

/** The file holds the governance block, or a whole &body.browser declaration with one. */
const GovernanceFileSchema = z.union([z.looseObject({ governance: GovernanceDeclarationSchema }), GovernanceDeclarationSchema]);

/**
 * `--governance FILE`: read and checked when the command starts, so a typo fails the launch
 * instead of leaving an MCP host's agent unbound.
 */
export function readGovernanceFile(path: string): GovernanceDeclaration {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--governance: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--governance: ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = GovernanceFileSchema.safeParse(json);
  if (!parsed.success) {
    const block = GovernanceDeclarationSchema.safeParse(
      typeof json === "object" && json !== null && "governance" in json ? json.governance : json,
    );
    throw new UsageError(
      `--governance: ${path} is not a governance block {hard?, authorized_domains?, escalate_when?} nor a declaration with one: ${block.success ? "invalid declaration" : describeZodError(block.error, "governance")}`,
    );
  }
  const governance = "governance" in parsed.data ? parsed.data.governance : parsed.data;
  try {
    // The bridge's own check: a hard rule it cannot enforce fails here, not on the first tool call.
    compileGovernance(governance);
  } catch (error) {
    throw new UsageError(`--governance: ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return governance;
}
