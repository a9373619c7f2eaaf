/**
 * What a tool call is about to do, read from its name and validated input, before it
 * runs: the refs it activates, whether it submits by keyboard, the URL it opens. Names
 * are matched by their last segment so trusted variants (click_trusted, type_trusted)
 * and batch_actions members are judged exactly like the plain tools.
 */
export interface PlannedAction {
  activates: boolean;
  submitsByKeyboard: boolean;
  /** Describe this ref (string), the focused element (null), or nothing (undefined). */
  describe: string | null | undefined;
  /** Coordinate tools: describe the element under this viewport point instead. */
  point?: { x: number; y: number };
  url: string | null;
}

const ACTIVATING = /^(click|click_trusted|click_deep|double_click|select_option|tap|check|uncheck)$/;
/** Tools that activate whatever is under a point (or a ref given as a drag end). */
const POINTING = /^(click_xy|mouse_up|drag)$/;
const TYPING = /^(type|type_trusted|fill)$/;
const KEYS = /^(press|press_key|hold_key)$/;
const SUBMIT_KEYS = /^(enter|numpadenter|return)$/i;
const ACTIVATE_KEYS = /^(space| )$/i;

export function plannedActions(toolName: string, input: unknown): PlannedAction[] {
  const fields = record(input);
  const action = toolName.replace(/^browser\./, "");
  const members = Array.isArray(fields.actions) ? fields.actions : null;
  if (members !== null) {
    return members.flatMap((member) => {
      const item = record(member);
      const kind = [item.action, item.type, item.tool, item.kind].find((value): value is string => typeof value === "string");
      return kind === undefined ? [] : plannedActions(kind, item);
    });
  }
  return [planOne(action, fields)];
}

function planOne(action: string, fields: Record<string, unknown>): PlannedAction {
  const ref = typeof fields.ref === "string" ? fields.ref : undefined;
  const url = typeof fields.url === "string" ? fields.url : null;
  if (ACTIVATING.test(action)) return { activates: ref !== undefined, submitsByKeyboard: false, describe: ref, url };
  if (POINTING.test(action)) return planPointing(fields, url);
  if (TYPING.test(action)) {
    const submit = fields.submit === true || fields.submit === "true";
    return { activates: false, submitsByKeyboard: submit, describe: submit ? ref : undefined, url };
  }
  if (KEYS.test(action)) {
    const key = typeof fields.key === "string" ? lastKey(fields.key) : "";
    const submits = SUBMIT_KEYS.test(key);
    const activates = ACTIVATE_KEYS.test(key);
    // A key without a ref goes to whatever has focus: describe that.
    return { activates, submitsByKeyboard: submits, describe: submits || activates ? (ref ?? null) : undefined, url };
  }
  return { activates: false, submitsByKeyboard: false, describe: undefined, url };
}

/** click_xy and mouse_up act at {x, y}; drag drops on `to`, a ref or a point. */
function planPointing(fields: Record<string, unknown>, url: string | null): PlannedAction {
  const end = fields.to === undefined ? fields : record(fields.to);
  if (typeof end.ref === "string") return { activates: true, submitsByKeyboard: false, describe: end.ref, url };
  if (typeof end.x === "number" && typeof end.y === "number") return { activates: true, submitsByKeyboard: false, describe: undefined, point: { x: end.x, y: end.y }, url };
  // mouse_up without a point releases where the pointer is; nothing to describe.
  return { activates: false, submitsByKeyboard: false, describe: undefined, url };
}

/** "ctrl+Enter" presses Enter. */
function lastKey(chord: string): string {
  const parts = chord.split("+");
  return (parts[parts.length - 1] ?? "").trim() || (chord.endsWith("+") ? "+" : "");
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
