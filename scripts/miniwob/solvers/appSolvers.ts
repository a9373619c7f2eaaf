import { lineText, SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, quotedIn, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const named = (role: string, name: string) => (line: SnapshotLine) => line.role === role && line.name === name;
const isTextbox = (line: SnapshotLine): boolean => line.role === "textbox";

const shows = (label: string | RegExp, text: string): boolean => (typeof label === "string" ? text.includes(label) : label.test(text));
const labelIndex = (view: AgentView, label: string | RegExp): number =>
  view.lines.findIndex((line) => !isTextbox(line) && line.ref === null && shows(label, lineText(line)));

/**
 * Whether a form prints each label after its field ("[field] Genre") rather than before it: when
 * its first text field comes before every one of its labels. Field, label, field, label reads
 * either way line by line, so a person settles it for the whole form, as this does.
 */
function labelsFollowFields(view: AgentView, labels: readonly (string | RegExp)[]): boolean {
  const firstLabel = Math.min(...labels.map((label) => labelIndex(view, label)).filter((index) => index >= 0));
  const firstField = view.lines.findIndex(isTextbox);
  return firstField >= 0 && firstField < firstLabel;
}

/**
 * The text field a label names: one whose own name holds it, else the textbox printed next to a
 * line that shows it: after it where the label comes first, before it where the label follows
 * (`labelsFollow`; unset, the line after is tried first).
 */
function fieldLabelled(view: AgentView, label: string | RegExp, labelsFollow?: boolean): SnapshotLine {
  const own = view.lines.find((line) => isTextbox(line) && shows(label, line.name));
  if (own !== undefined) return own;
  const at = labelIndex(view, label);
  const after = labelsFollow === true ? undefined : view.lines.slice(at + 1).find((line) => line.ref !== null);
  const before = labelsFollow === false ? undefined : view.lines[at - 1];
  const field =
    at < 0 ? undefined : after !== undefined && isTextbox(after) ? after : before !== undefined && isTextbox(before) ? before : undefined;
  if (field === undefined) throw new SolverError("not_in_snapshot", `no text field labelled ${String(label)}`);
  return field;
}

const submitControl = (view: AgentView): SnapshotLine =>
  view.find((line) => line.ref !== null && /^(submit|search|go!?)$/i.test(line.name), "the form's submit control");

/** "Search for drama movies directed by Holloway from year 2011.", whatever order and layout the form takes. */
const movieSearch: Solver = async (view) => {
  const instruction = await readInstruction(view);
  const genre = pick(instruction, /Search for (.+?) movies/, "genre");
  const director = pick(instruction, /directed by (.+?) from year/, "director");
  const year = pick(instruction, /from year (\d+)/, "year");
  const fields: [string | RegExp, string][] = [
    ["Genre", genre],
    ["Director", director],
    [/Year|Date/, year],
  ];
  const follow = labelsFollowFields(
    view,
    fields.map(([label]) => label),
  );
  for (const [label, value] of fields) await view.type(fieldLabelled(view, label, follow), value);
  await view.click(submitControl(view));
};

/** Opens each page of results in turn (its pagination link), until `find` sees what it wants. */
async function pageThrough(
  view: AgentView,
  find: (lines: SnapshotLine[]) => SnapshotLine | undefined,
  what: string,
): Promise<SnapshotLine> {
  for (let page = 0; page < 12; page++) {
    const lines = await view.snapshot();
    const found = find(lines);
    if (found !== undefined) return found;
    const next = lines.find(named("link", ">"));
    if (next === undefined) break;
    await view.click(next);
  }
  throw new SolverError("not_in_snapshot", `no ${what} on any page`);
}

/** Types a field's value so a popup that interrupts it (login-user-popup) is dismissed with Cancel and the value typed again. */
async function typeThroughPopup(view: AgentView, label: string, value: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await view.snapshot();
    const cancel = view.lines.find(named("button", "Cancel"));
    if (cancel !== undefined) {
      await view.click(cancel);
      continue;
    }
    const field = fieldLabelled(view, label);
    if (!field.rest.includes("[disabled]")) {
      await view.type(field, value);
      // The popup opens on focus: if it did, the value may not have gone in, so look again.
      await view.snapshot();
      if (view.lines.find(named("button", "Cancel")) === undefined) return;
    }
  }
  throw new SolverError("not_actionable", `the "${label}" field stayed behind the popup`);
}

export const APP_SOLVERS: Record<string, Solver> = {
  "multi-layouts": movieSearch,
  "multi-orderings": movieSearch,
  "login-user-popup": async (view) => {
    const [user = "", password = ""] = quotedIn(await readInstruction(view));
    await typeThroughPopup(view, "Username", user);
    await typeThroughPopup(view, "Password", password);
    await view.snapshot();
    const cancel = view.lines.find(named("button", "Cancel"));
    if (cancel !== undefined) await view.click(cancel);
    await view.snapshot();
    await view.click(view.find((line) => line.role === "button" && line.name !== "Cancel", "the login button"));
  },
  "use-autocomplete": async (view) => {
    const [start = "", end = ""] = quotedIn(await readInstruction(view));
    const field = view.find(isTextbox, "text field");
    await view.type(field, start);
    // The suggestions open under the field once it has the prefix.
    const suggestion = await view.waitForLine(
      (line) =>
        line.ref !== null && !isTextbox(line) && line.role !== "button" && lineText(line).startsWith(start) && lineText(line).endsWith(end),
      `a suggestion that starts with "${start}" and ends with "${end}"`,
    );
    await view.click(suggestion);
    await view.snapshot();
    await view.click(view.find(named("button", "Submit"), "Submit"));
  },
  "search-engine": async (view) => {
    const instruction = await readInstruction(view);
    const term = pick(instruction, /enter "(.*)" and press/, "search term");
    const nth = Number(pick(instruction, /click the (\d+)(?:st|nd|rd|th) search result/, "result number"));
    await view.type(view.find(isTextbox, "search field"), term);
    await view.click(view.find(named("button", "Search"), "Search"));
    // Three results a page: the nth is on page ceil(n/3); results are the links above the pagination list.
    const page = Math.ceil(nth / 3);
    const results = (lines: SnapshotLine[]): SnapshotLine[] => lines.filter((line) => line.role === "link" && line.indent === 0);
    await view.snapshot();
    if (page > 1) await view.click(await view.waitForLine(named("link", String(page)), `the link to page ${page}`));
    const lines = page > 1 ? await view.snapshot() : view.lines;
    const result = results(lines)[(nth - 1) % 3];
    if (result === undefined) throw new SolverError("not_in_snapshot", `no result number ${nth}`);
    await view.click(result);
  },
  "phone-book": async (view) => {
    const instruction = await readInstruction(view);
    const person = pick(instruction, /Find (.+?) in the contact book/, "person");
    const property = pick(instruction, /click on their (phone|email|address)/, "property");
    const label = { phone: "Phone:", email: "Email:", address: "Address:" }[property] ?? "";
    await pageThrough(view, (lines) => lines.find(named("heading", person)), `contact "${person}"`);
    const at = view.lines.findIndex((line) => line.role === "text" && lineText(line) === label);
    const value = at < 0 ? undefined : view.lines[at + 1];
    if (value?.ref === null || value === undefined) throw new SolverError("not_in_snapshot", `no ${property} after "${label}"`);
    await view.click(value);
  },
};
