import { COMMANDS, resolveCommandType, type CommandIntent } from "../../../protocol/index.js";

/**
 * What a tool call is about to do, read from its declared intent (protocol/) and its
 * validated input, before it runs: the refs it activates, whether it submits by keyboard,
 * the URL it opens. batch_actions members are judged by their own tools' intents.
 */
export interface PlannedAction {
  activates: boolean;
  submitsByKeyboard: boolean;
  /** Describe this ref (string), the focused element (null), or nothing (undefined). */
  describe: string | null | undefined;
  /** Coordinate tools: describe the element under this viewport point instead. */
  point?: { x: number; y: number };
  url: string | null;
  /** Shift+Enter alone: a line break in a multi-line field or editor, by every composer's convention. */
  lineBreak?: true;
}

const SUBMIT_KEYS = /^(enter|numpadenter|return)$/i;
const ACTIVATE_KEYS = /^(space| )$/i;
/** "shift+Enter", "Shift+Enter": Shift is the chord's only modifier. */
const SHIFT_ONLY = /^\s*shift\s*\+\s*[^+]+$/i;

/** A command's declared intent; batch members name tools without the `browser.` prefix. */
function intentOf(toolName: string): CommandIntent {
  const type = resolveCommandType(toolName.includes(".") ? toolName : `browser.${toolName}`);
  return type === undefined ? "reads" : COMMANDS[type].intent;
}

export function plannedActions(toolName: string, input: unknown): PlannedAction[] {
  const fields = record(input);
  const intent = intentOf(toolName);
  if (intent === "composes") {
    const members = Array.isArray(fields.actions) ? fields.actions : [];
    return members.flatMap((member) => {
      const item = record(member);
      return typeof item.tool === "string" ? plannedActions(item.tool, item) : [];
    });
  }
  return [planOne(intent, fields)];
}

function planOne(intent: CommandIntent, fields: Record<string, unknown>): PlannedAction {
  const ref = typeof fields.ref === "string" ? fields.ref : undefined;
  const url = typeof fields.url === "string" ? fields.url : null;
  switch (intent) {
    case "activates":
      return { activates: ref !== undefined, submitsByKeyboard: false, describe: ref, url };
    case "points":
      return planPointing(fields, url);
    case "submits":
      return planKeyboard(fields, ref, url);
    default:
      return { activates: false, submitsByKeyboard: false, describe: undefined, url };
  }
}

/** Typing submits only with `submit`; a key press submits with Enter and activates with Space. */
function planKeyboard(fields: Record<string, unknown>, ref: string | undefined, url: string | null): PlannedAction {
  if (typeof fields.key !== "string") {
    const submit = fields.submit === true || fields.submit === "true";
    return { activates: false, submitsByKeyboard: submit, describe: submit ? ref : undefined, url };
  }
  const key = lastKey(fields.key);
  const submits = SUBMIT_KEYS.test(key);
  const activates = ACTIVATE_KEYS.test(key);
  // A key without a ref goes to whatever has focus: describe that.
  const planned: PlannedAction = { activates, submitsByKeyboard: submits, describe: submits || activates ? (ref ?? null) : undefined, url };
  return submits && SHIFT_ONLY.test(fields.key) ? { ...planned, lineBreak: true } : planned;
}

/** click_xy and mouse_up act at {x, y}; drag drops on `to`, a ref or a point. */
function planPointing(fields: Record<string, unknown>, url: string | null): PlannedAction {
  const end = fields.to === undefined ? fields : record(fields.to);
  if (typeof end.ref === "string") return { activates: true, submitsByKeyboard: false, describe: end.ref, url };
  if (typeof end.x === "number" && typeof end.y === "number")
    return { activates: true, submitsByKeyboard: false, describe: undefined, point: { x: end.x, y: end.y }, url };
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
