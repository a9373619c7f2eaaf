import { WebOperatorError, type BodyTypedAction, type SemanticLocator } from "../../protocol/index.js";
import type { BodyPerception } from "../perception/bodyPerception.js";
import { describeLocator, locatorOf, refForLocator, statesOf } from "../perception/bodyTargets.js";
import type { ResolvedTargets } from "./typedActionRunner.js";

interface TargetFields {
  target_ref?: string | undefined;
  semantic_locator?: SemanticLocator | undefined;
}

/** How a `target_ref` becomes a WebOperator ref: `@eN` through the perception that issued it. */
export type RefLookup = (targetRef: string) => string | undefined;

const AT_REF = /^@?e\d+$/;

/**
 * One element of an action, in this state: by ref when one is given (it must still be in
 * the state, else stale_ref), else by semantic locator (else not_found). Either way the
 * answer carries the locator, which is what a trace records.
 */
function resolveOne(
  fields: TargetFields,
  perception: BodyPerception,
  lookup: RefLookup | null,
  what: string,
): { ref: string; locator: SemanticLocator } | undefined {
  if (fields.target_ref !== undefined && lookup !== null) {
    const given = fields.target_ref;
    const ref = AT_REF.test(given) ? lookup(given) : given;
    if (ref === undefined)
      throw new WebOperatorError(
        "stale_ref",
        `${what} ${given} was not issued by the last body.perceive of this tab; call body.perceive (or body.affordances) and use its refs.`,
      );
    const locator = locatorOf(perception, ref);
    if (locator === undefined)
      throw new WebOperatorError("stale_ref", `${what} ${given} is no longer on the page; call body.perceive again and use a fresh ref.`);
    return { ref, locator };
  }
  if (fields.semantic_locator !== undefined) {
    const ref = refForLocator(perception, fields.semantic_locator);
    if (ref === undefined)
      throw new WebOperatorError(
        "not_found",
        `No ${describeLocator(fields.semantic_locator)} in the current page state; body.perceive shows what is there.`,
      );
    return { ref, locator: fields.semantic_locator };
  }
  return undefined;
}

/**
 * The action's targets in this perception, and the action as a trace records it: the ref the
 * caller named beside the semantic locator it resolved to, as the InteractionTrace edge
 * carries both. Replay passes no lookup, so a recorded ref is never dereferenced there: only
 * locators count.
 */
export function resolveTargets(
  action: BodyTypedAction,
  perception: BodyPerception,
  lookup: RefLookup | null,
): { targets: ResolvedTargets; recorded: BodyTypedAction } {
  if (!("target_ref" in action) && !("semantic_locator" in action) && action.type !== "drag")
    return { targets: { states: [] }, recorded: action };
  const fields = action as TargetFields;
  const own = resolveOne(fields, perception, lookup, "target_ref");
  const recorded = { ...action } as BodyTypedAction & TargetFields;
  if (own !== undefined) recorded.semantic_locator = own.locator;
  const targets: ResolvedTargets = {
    states: own === undefined ? [] : statesOf(perception, own.ref),
    ...(own === undefined ? {} : { ref: own.ref }),
  };
  if (action.type === "drag") {
    const to = resolveOne(action.to, perception, lookup, "to.target_ref");
    if (to !== undefined) {
      targets.toRef = to.ref;
      (recorded as Extract<BodyTypedAction, { type: "drag" }>).to = {
        ...(action.to.target_ref === undefined ? {} : { target_ref: action.to.target_ref }),
        semantic_locator: to.locator,
      };
    }
  }
  return { targets, recorded };
}
