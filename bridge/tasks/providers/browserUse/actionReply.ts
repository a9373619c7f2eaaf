import { BROWSER_USE_ACTION_NAMES, BrowserUseActionSchema, describeZodError } from "../../../../protocol/index.js";
import type { ActionHistory } from "./actionHistory.js";
import { PERSON_ASK_ACTION_NAMES, PersonAskActionSchema, isPersonAsk, type TaskAction } from "./personAskActions.js";

export type ReplyVerdict = { ok: true; action: TaskAction } | { ok: false; correction: string };

/** A reply wrapped in a Markdown code fence, as many chat models write JSON. */
const FENCED = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/;
/** Reasoning models served locally (Qwen3, DeepSeek-R1) put their thinking in the content, before the answer. */
const THINKING = /^\s*<think>[\s\S]*?<\/think>/;

/**
 * Judges one model reply before anything is sent to the browser (the Browser-Use
 * protocol's Action Validation): it must be exactly one JSON action object that the Action Schema accepts,
 * and not an action already executed in this same state (so a repeat
 * cannot loop). A refusal carries the correction to send back to the model.
 */
export function judgeReply(reply: string, stateHash: string, history: ActionHistory): ReplyVerdict {
  const trimmed = reply.replace(THINKING, "").trim();
  const text = FENCED.exec(trimmed)?.[1]?.trim() ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(`your reply is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return refuse("your reply must be one JSON object, not an array or a bare value");
  // Judged by the schema its action name picks, so the error names the field that is wrong.
  const named = "action" in json && typeof json.action === "string" && (PERSON_ASK_ACTION_NAMES as readonly string[]).includes(json.action);
  const parsed = (named ? PersonAskActionSchema : BrowserUseActionSchema).safeParse(json);
  if (!parsed.success) return refuse(`it does not conform to the Action Schema: ${describeZodError(parsed.error, "action")}`);
  const action = parsed.data;
  if (!isPersonAsk(action) && history.has(stateHash, action)) {
    return {
      ok: false,
      correction: `REPEATED_ACTION: you already sent exactly this action in this same state (state_hash ${stateHash}) and the state did not change, so it is not sent again. Choose a different action, or fail_task if no other action is viable. Reply with one JSON action object only.`,
    };
  }
  return { ok: true, action };
}

function refuse(problem: string): ReplyVerdict {
  return {
    ok: false,
    correction: `ACTION_VALIDATION_FAILED: ${problem}. Nothing was sent to the browser and the state is unchanged. Reply with exactly one JSON object with a top-level "action" key, one of ${[...BROWSER_USE_ACTION_NAMES, ...PERSON_ASK_ACTION_NAMES].join(", ")}, and that action's parameters, with no other text.`,
  };
}
