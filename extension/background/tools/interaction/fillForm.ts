import {
  ActionEffectsSchema,
  WebOperatorError,
  errorFromUnknown,
  type ActionEffects,
  type CommandPayload,
  type CommandResult,
  type ContentResult,
} from "../../../../protocol/index.js";
import { defineTool, type ToolContext } from "../../toolRegistry.js";
import { toolTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { observeAfterAction } from "../perception/observeAfterAction.js";
import { mergedEffects } from "./mergedEffects.js";

type Field = CommandPayload<"browser.fill_form">["fields"][number];
type Filled = CommandResult<"browser.fill_form">["fields"][number];
type FieldState = ContentResult<"field_state">;

/** The write that sets one field, or none when a box already is as asked. */
type FieldStep = { tool: "type" | "select_option" | "click"; payload: Record<string, unknown> } | null;

/**
 * Sets several fields in one call, each through the tool a person's one action would be
 * (type, select_option, click), so each is gated, settled and judged as that tool is. A
 * form costs the agent one turn, not one per field; with `submit`, its button too.
 */
export const fillFormTool = defineTool({
  name: "browser.fill_form",
  async run({ fields, submit, tabId }, context) {
    const tab = await toolTab(tabId, context);
    const filled: Filled[] = [];
    const steps: ActionEffects[] = [];
    for (const [index, field] of fields.entries()) {
      try {
        const state = await callContent(tab.id, { op: "field_state", ref: field.ref });
        const step = stepFor(field, state);
        if (step === null) {
          filled.push({ ref: state.ref, target: state.target, via: "none", value: field.value });
          continue;
        }
        const result = await context.runTool(`browser.${step.tool}`, { ...step.payload, tabId: tab.id });
        const effects = ActionEffectsSchema.parse(result);
        steps.push(effects);
        filled.push({ ref: state.ref, target: state.target, via: step.tool, value: await valueSet(step, field, result, tab.id) });
        const left = fields.length - index - 1;
        const moved = effects.navigated ? "it loaded a new document" : effects.tab_created ? "it opened a new tab" : null;
        if (moved !== null && (left > 0 || submit !== undefined)) {
          const rest = left > 0 ? `the other ${left} fields' refs` : "the submit ref";
          const stopped = `Stopped after field ${index + 1} (${state.ref}): ${moved}, so ${rest} belong to the old page; nothing more was done. Take a new look before going on.`;
          return { tabId: tab.id, fields: filled, stopped, ...(await effectsOf(steps, tab.id, context)) };
        }
      } catch (error) {
        throw fieldFailure(error, index, field, filled);
      }
    }
    const submitted = submit === undefined ? undefined : await clickSubmit(submit, tab.id, context, filled, steps);
    return {
      tabId: tab.id,
      fields: filled,
      ...(submitted === undefined ? {} : { submitted }),
      ...(await effectsOf(steps, tab.id, context)),
    };
  },
});

/**
 * The form's own button, clicked once the fields hold what was asked: a person's last step,
 * judged as a click on it is. A hold or a failure answers as that click's would, with what
 * was already set named.
 */
async function clickSubmit(
  ref: string,
  tabId: number,
  context: ToolContext,
  filled: readonly Filled[],
  steps: ActionEffects[],
): Promise<{ ref: string; target: Filled["target"] }> {
  try {
    const result = await context.runTool("browser.click", { ref, tabId });
    steps.push(ActionEffectsSchema.parse(result));
    const clicked = result as { ref: string; target: Filled["target"] };
    return { ref: clicked.ref, target: clicked.target };
  } catch (error) {
    const failure = errorFromUnknown(error);
    const set = filled.length === 0 ? "No field needed setting" : `Fields ${filled.map((each) => each.ref).join(", ")} were set`;
    return Promise.reject(new WebOperatorError(failure.code, `${set}; the click on submit (${ref}): ${failure.message}`, failure.details));
  }
}

function stepFor(field: Field, state: FieldState): FieldStep {
  const { value } = field;
  const named = `${state.target.role} "${state.target.name}" (${state.ref})`;
  if (state.kind === "toggle") {
    if (typeof value !== "boolean") throw new WebOperatorError("bad_request", `${named} is a box to check: give true or false, not text.`);
    if (value === state.checked) return null;
    if (!value && state.target.role === "radio")
      throw new WebOperatorError("bad_request", `${named} cannot be unchecked by itself: check another radio of its group instead.`);
    return { tool: "click", payload: { ref: state.ref } };
  }
  if (typeof value === "boolean")
    throw new WebOperatorError("bad_request", `${named} is not a checkbox, radio or switch: give it text (or an option's label).`);
  if (state.kind === "choice") return { tool: "select_option", payload: { ref: state.ref, labels: [value] } };
  if (state.kind === "text") return { tool: "type", payload: { ref: state.ref, text: value } };
  throw new WebOperatorError(
    "not_actionable",
    `${named} takes neither text, an option nor a check: act on it with click, or upload_file for a file field.`,
  );
}

/** What the field holds after its step; a box is read back, so a click that did not toggle it is no success. */
async function valueSet(step: Exclude<FieldStep, null>, field: Field, result: unknown, tabId: number): Promise<Filled["value"]> {
  const record = result as Record<string, unknown>;
  if (step.tool === "type" && typeof record.value === "string") return record.value;
  if (step.tool === "select_option" && Array.isArray(record.selected))
    return (record.selected as Array<{ label: string }>).map((option) => option.label);
  if (step.tool !== "click") return field.value;
  const ref = typeof record.ref === "string" ? record.ref : field.ref;
  const after = await callContent(tabId, { op: "field_state", ref }).catch(() => null);
  // A click that navigated has nothing left to read back.
  if (after === null) return field.value;
  if (after.checked !== field.value)
    throw new WebOperatorError(
      "not_actionable",
      `The click on ${after.target.role} "${after.target.name}" did not make it ${field.value ? "checked" : "unchecked"}: the page handles it otherwise. Try click_trusted on it, or its label.`,
    );
  return after.checked;
}

/** The fill's effects; when every box already was as asked, nothing was written: the page as it is, with no change. */
async function effectsOf(steps: readonly ActionEffects[], tabId: number, context: ToolContext): Promise<ActionEffects> {
  if (steps.length > 0) return mergedEffects(steps);
  const [tab, observation] = await Promise.all([chrome.tabs.get(tabId), observeAfterAction(tabId, context.admittedTab ?? undefined)]);
  return {
    effect: "none",
    navigated: false,
    url: tab.url ?? "",
    dialogs: [],
    settled: { dom: true, network: true, waitedMs: 0 },
    observation,
    ...(observation === null ? {} : { engine: "dom" as const }),
  };
}

/** A field's failure as the call's answer: its own code and details, and a message that names what was already set. */
function fieldFailure(error: unknown, index: number, field: Field, filled: readonly Filled[]): WebOperatorError {
  const failure = errorFromUnknown(error);
  const before =
    filled.length === 0 ? "No field was set" : `Fields ${filled.map((each) => each.ref).join(", ")} were set (${filled.length} of them)`;
  return new WebOperatorError(failure.code, `${before}; field ${index + 1} (${field.ref}) failed: ${failure.message}`, failure.details);
}
