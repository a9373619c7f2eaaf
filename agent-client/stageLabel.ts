import type { FailureStage } from "../protocol/index.js";

/** How a write's failure stage reads after `error [code]` in the CLI and MCP: it says whether the page was touched. */
export function stageLabel(stage: FailureStage | undefined): string {
  return stage === undefined ? "" : ` (stage: ${stage})`;
}
