import { SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, quotedIn, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const isTextbox = (line: SnapshotLine): boolean => line.role === "textbox";
const submitButton = (view: AgentView): SnapshotLine =>
  view.find((line) => (line.role === "button" || line.ref !== null) && /^(submit|search|login|ok)$/i.test(line.name), "submit button");

/** Types `text` into the only text field and presses its submit button. */
async function enterAndSubmit(view: AgentView, text: string): Promise<void> {
  await view.type(view.find(isTextbox, "text field"), text);
  await view.click(submitButton(view));
}

/** The field a label line names: the next textbox after the text "Label" (or a textbox named so). */
function fieldAfter(view: AgentView, label: string): SnapshotLine {
  const labelled = view.lines.find((line) => isTextbox(line) && line.name.replace(/:$/, "") === label);
  if (labelled !== undefined) return labelled;
  const at = view.lines.findIndex((line) => line.role === "text" && line.rest.replace(/^:\s*/, "").trim() === label);
  const field = at < 0 ? undefined : view.lines.slice(at + 1).find(isTextbox);
  if (field === undefined) throw new SolverError("not_in_snapshot", `no text field after the label "${label}"`);
  return field;
}

const ORDINAL = /(\d+)(?:st|nd|rd|th)/;

/** "Enter 09/10/2012 as the date": a date input takes its own yyyy-mm-dd format through browser.type. */
function isoDate(us: string): string {
  const [month = "", day = "", year = ""] = us.split("/");
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** "8:22 AM" as a time input's 24-hour "08:22". */
function twentyFourHour(time: string): string {
  const match = /(\d+):(\d+)\s*(AM|PM)/i.exec(time);
  if (match === null) throw new SolverError("instruction_unparsed", `no time in ${JSON.stringify(time)}`);
  const hour = (Number(match[1]) % 12) + (match[3]?.toUpperCase() === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${match[2] ?? "00"}`;
}

export const FORM_SOLVERS: Record<string, Solver> = {
  "enter-text": async (view) => enterAndSubmit(view, pick(await readInstruction(view), /"(.*)"/, "text")),
  "enter-text-2": async (view) => {
    const instruction = await readInstruction(view);
    const text = pick(instruction, /"(.*)"/, "text");
    await enterAndSubmit(view, /lower case/.test(instruction) ? text.toLowerCase() : text.toUpperCase());
  },
  "enter-password": async (view) => {
    const password = pick(await readInstruction(view), /"(.*)"/, "password");
    for (const field of view.lines.filter(isTextbox)) await view.type(field, password);
    await view.click(submitButton(view));
  },
  "login-user": async (view) => {
    const [user = "", password = ""] = quotedIn(await readInstruction(view));
    await view.type(fieldAfter(view, "Username"), user);
    await view.type(fieldAfter(view, "Password"), password);
    await view.click(submitButton(view));
  },
  "enter-date": async (view) => enterAndSubmit(view, isoDate(pick(await readInstruction(view), /Enter (\S+) as the date/, "date"))),
  "enter-time": async (view) => enterAndSubmit(view, twentyFourHour(pick(await readInstruction(view), /Enter (.+) as the time/, "time"))),
  "focus-text-2": async (view) => {
    const nth = Number(pick(await readInstruction(view), ORDINAL, "ordinal"));
    const field = view.lines.filter(isTextbox)[nth - 1];
    if (field === undefined) throw new SolverError("not_in_snapshot", `no text field number ${nth}`);
    await view.click(field);
  },
  "choose-list": async (view) => {
    const name = pick(await readInstruction(view), /Select (.*) from the list/, "item");
    await view.request("browser.select_option", { ref: view.refOf(view.find((line) => line.role === "combobox", "list")), labels: [name] });
    await view.click(submitButton(view));
  },
  "click-scroll-list": async (view) => {
    const names = pick(await readInstruction(view), /Select (.*) from the scroll list/, "items").split(/,\s*/);
    await view.request("browser.select_option", {
      ref: view.refOf(view.find((line) => line.role === "listbox", "scroll list")),
      labels: names,
    });
    await view.click(submitButton(view));
  },
  "read-table": async (view) => {
    const key = pick(await readInstruction(view), /value of (.*) into the text field/, "field");
    const header = view.find((line) => line.role === "cell" && line.name === key, `cell "${key}"`);
    const value = view.lines[view.lines.indexOf(header) + 1];
    if (value === undefined) throw new SolverError("not_in_snapshot", `no cell after "${key}"`);
    await enterAndSubmit(view, value.name);
  },
  "find-word": async (view) => {
    const nth = Number(pick(await readInstruction(view), ORDINAL, "ordinal"));
    const paragraph = view.lines[1];
    const words = (paragraph?.rest.replace(/^:\s*/, "") ?? "").split(/\s+/).map((word) => word.replace(/[.,;:!?]+$/, ""));
    const word = words[nth - 1];
    if (word === undefined) throw new SolverError("not_in_snapshot", `the paragraph has no word number ${nth}`);
    await enterAndSubmit(view, word);
  },
};
