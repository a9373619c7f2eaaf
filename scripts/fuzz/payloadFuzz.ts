import { WebOperatorClient } from "../../agent-client/client.js";
import { COMMANDS, ErrorCodeSchema, isErrorResponse, type AgentResponse } from "../../protocol/index.js";
import { mutatePayload, sampleFromSchema } from "./jsonSchemaSample.js";
import { payloadSchema } from "./frameCases.js";
import { SeededRandom } from "./seededRandom.js";

export interface PayloadFuzzReport {
  commands: number;
  requests: number;
  /** Outcome per code ("ok" for a result), over all commands. */
  outcomes: Record<string, number>;
  /** Answers that were neither a result nor an error with a known code: must stay empty. */
  untyped: string[];
  /** internal_error answers, by command: typed, but each one is a bug to look at. */
  internalErrors: Record<string, string>;
  healthFailures: string[];
}

/** Commands that would end the run rather than test input handling. */
const SKIPPED = new Set<string>(["browser.tab_close"]);
/** policy_set may only tighten, and a tightened policy (say, private networks blocked) would deny every later command: it goes last. */
const LAST = "browser.policy_set";
const BROWSER_COMMAND_TYPES = Object.keys(COMMANDS).filter((type) => type.startsWith("browser."));

/**
 * Every browser command, `perCommand` times, with a payload sampled from its schema and
 * then (mostly) mutated, against a live page; after each command, the bridge must still
 * answer bridge.health.
 */
export async function runPayloadFuzz(
  client: WebOperatorClient,
  connect: () => Promise<WebOperatorClient>,
  targetUrl: string,
  perCommand: number,
  seed: number,
): Promise<PayloadFuzzReport> {
  const random = new SeededRandom(seed);
  const report: PayloadFuzzReport = { commands: 0, requests: 0, outcomes: {}, untyped: [], internalErrors: {}, healthFailures: [] };
  const types = BROWSER_COMMAND_TYPES.filter((type) => !SKIPPED.has(type) && type !== LAST);
  if (BROWSER_COMMAND_TYPES.some((type) => type === LAST)) types.push(LAST);
  for (const type of types) {
    report.commands++;
    await client.request("browser.navigate", { url: targetUrl }, { timeoutMs: 15_000 }).catch(() => undefined);
    for (let run = 0; run < perCommand; run++) {
      const sample = sampleFromSchema(payloadSchema(type), random);
      const payload = run === 0 ? sample : mutatePayload(sample, random);
      report.requests++;
      let response: AgentResponse;
      try {
        response = await client.send({ type, payload: payload as Record<string, unknown>, timeoutMs: 4_000 });
      } catch (error) {
        report.untyped.push(`${type}: the connection failed: ${error instanceof Error ? error.message : String(error)}`);
        client = await connect();
        continue;
      }
      const code = isErrorResponse(response) ? response.code : "ok";
      report.outcomes[code] = (report.outcomes[code] ?? 0) + 1;
      if (isErrorResponse(response) && !ErrorCodeSchema.safeParse(response.code).success)
        report.untyped.push(`${type}: ${JSON.stringify(response).slice(0, 200)}`);
      if (code === "internal_error" && isErrorResponse(response))
        report.internalErrors[type] ??= `${JSON.stringify(payload).slice(0, 160)} -> ${response.error.slice(0, 200)}`;
    }
    const fresh = await connect().catch(() => null);
    const healthy = fresh
      ? await fresh.request("bridge.health", {}, { timeoutMs: 5_000 }).then(
          () => true,
          () => false,
        )
      : false;
    fresh?.close();
    if (!healthy) report.healthFailures.push(`after ${type}`);
  }
  return report;
}
