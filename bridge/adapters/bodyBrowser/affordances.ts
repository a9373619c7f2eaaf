import type { CommandResult, SnapshotElement } from "../../../protocol/index.js";
import type { BodyPerception } from "../../perception/bodyPerception.js";

type AffordanceSet = CommandResult<"body.affordances">;
type ActionType = AffordanceSet["page"][number];

const PAGE_ACTIONS: ActionType[] = ["navigate", "scroll", "wait", "screenshot", "press"];
const TEXT_ROLES = new Set(["textbox", "searchbox", "spinbutton"]);
const TOGGLE_ROLES = new Set(["checkbox", "switch", "menuitemcheckbox"]);
const SUBMIT_INPUT_TYPES = new Set(["submit", "image"]);

/** The typed actions one element takes now, from its role, tag and states. */
function actionsOf(role: string, states: readonly string[], record: SnapshotElement | undefined): ActionType[] {
  const reach: ActionType[] = ["hover", "scrollintoview"];
  if (record?.disabled === true || states.includes("[disabled]")) return reach;
  const checked = states.includes("[checked]");
  if (record?.attributes.type === "file") return ["upload", "click", "focus", ...reach];
  if (TEXT_ROLES.has(role) || record?.tag === "textarea") return ["fill", "type", "press", "click", "focus", ...reach];
  if (TOGGLE_ROLES.has(role)) return [checked ? "uncheck" : "check", "click", "focus", ...reach];
  if (role === "radio" || role === "menuitemradio") return checked ? ["focus", ...reach] : ["check", "click", "focus", ...reach];
  if (role === "combobox" || role === "listbox")
    return [record?.tag === "select" || role === "listbox" ? "select" : "fill", "click", "focus", ...reach];
  if (role === "slider") return ["fill", "press", "drag", "focus", ...reach];
  return ["click", "dblclick", "focus", "drag", ...reach];
}

function isSubmitControl(record: SnapshotElement | undefined): boolean {
  if (record === undefined || record.disabled) return false;
  if (record.tag === "button") return record.attributes.type === "submit";
  return record.tag === "input" && SUBMIT_INPUT_TYPES.has(record.attributes.type ?? "");
}

/**
 * What is valid in this state (Gibson-style): per element, and per form whether it can be
 * submitted, i.e. it holds an enabled submit control.
 */
export function affordancesOf(perception: BodyPerception): AffordanceSet {
  const { observation, lines, atRefs, records } = perception;
  const elements: AffordanceSet["elements"] = [];
  const forms: AffordanceSet["forms"] = [];
  const open: { depth: number; form: AffordanceSet["forms"][number] }[] = [];
  for (const line of lines) {
    while (open.length > 0 && (open.at(-1)?.depth ?? 0) >= line.depth) open.pop();
    if (line.role === "form") {
      const form: AffordanceSet["forms"][number] = { name: line.name, submit: false };
      forms.push(form);
      open.push({ depth: line.depth, form });
      continue;
    }
    if (line.ref === undefined) continue;
    const ref = atRefs.get(line.ref) ?? line.ref;
    const record = records.get(line.ref);
    elements.push({ ref, role: line.role, name: line.name, actions: actionsOf(line.role, line.states, record) });
    const form = open.at(-1)?.form;
    if (form !== undefined && !form.submit && isSubmitControl(record)) {
      form.submit = true;
      form.submit_ref = ref;
    }
  }
  return { tabId: observation.tabId, state_hash: observation.state_hash, page: PAGE_ACTIONS, elements, forms };
}
