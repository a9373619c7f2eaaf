import {
  BodyTypedActionSchema,
  WebOperatorError,
  describeZodError,
  type BodyReplayEdge,
  type BodyTypedAction,
} from "../../protocol/index.js";

/** One edge of a trace, as replay will run it. */
export interface ReplayStepPlan {
  index: number;
  actions: BodyTypedAction[];
  expectedBefore: string | null;
  expectedAfter: string | null;
  /** The edge failed when it was recorded: it is not part of the path to replay. */
  skip: boolean;
  /** Why this step cannot be replayed, when it cannot. */
  notReplayable?: string;
}

function parseAction(value: unknown, index: number): BodyTypedAction {
  const parsed = BodyTypedActionSchema.safeParse(value);
  if (!parsed.success) {
    throw new WebOperatorError(
      "bad_request",
      `Edge ${index} is not a &body.browser typed action: ${describeZodError(parsed.error, `edges.${index}.typed_action`)}. Give body.act edges or a task trace's edges.`,
    );
  }
  return parsed.data;
}

/** Whether replay could find this action's elements: only by semantic locator, never by a recorded ref. */
function refOnly(action: BodyTypedAction): boolean {
  if ("target_ref" in action && action.target_ref !== undefined && !("semantic_locator" in action && action.semantic_locator !== undefined))
    return true;
  return action.type === "drag" && action.to.target_ref !== undefined && action.to.semantic_locator === undefined;
}

/**
 * The steps of a trace. A body.act edge carries one typed action in `typed_action`; a task
 * trace's edge carries the step's typed actions in `body_actions` (none for a step that only
 * read the page) and the member the model called in `typed_action`.
 */
export function planReplay(edges: readonly BodyReplayEdge[]): ReplayStepPlan[] {
  return edges.map((edge, index) => {
    const actions =
      edge.body_actions !== undefined
        ? edge.body_actions.map((action) => parseAction(action, index))
        : [parseAction(edge.typed_action, index)];
    const plan: ReplayStepPlan = {
      index,
      actions,
      expectedBefore: edge.state_before ?? null,
      expectedAfter: edge.state_after ?? null,
      skip: edge.outcome_status !== undefined && edge.outcome_status !== "success",
    };
    const byRef = actions.find(refOnly);
    if (edge.not_replayable !== undefined) plan.notReplayable = edge.not_replayable;
    else if (byRef !== undefined)
      plan.notReplayable = `its ${byRef.type} names its element only by target_ref; replay needs a semantic_locator {role, name, occurrence}`;
    return plan;
  });
}
