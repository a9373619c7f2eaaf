import { lineText, SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const named = (role: string, name: string) => (line: SnapshotLine) => line.role === role && line.name === name;
const clickable = (name: string) => (line: SnapshotLine) => line.ref !== null && line.name === name && line.role !== "tab";

/**
 * Opens the containers (tabs, sections, folders) one at a time until the snapshot prints the
 * element `name`, and clicks it. `openers` lists what may still be opened in a fresh snapshot.
 */
async function openUntilFound(view: AgentView, name: string, openers: (lines: SnapshotLine[]) => SnapshotLine[]): Promise<void> {
  const opened = new Set<string>();
  for (let round = 0; round < 30; round++) {
    const lines = await view.snapshot();
    const target = lines.find(clickable(name));
    if (target !== undefined) return view.click(target);
    const next = openers(lines).find((line) => !opened.has(line.name));
    if (next === undefined) break;
    opened.add(next.name);
    await view.click(next);
  }
  throw new SolverError("not_in_snapshot", `no element "${name}" after opening every container`);
}

/** Names the checkboxes to tick: "Select A, B and click Submit." or "Select nothing and click Submit." */
async function tickNamedCheckboxes(view: AgentView): Promise<void> {
  const list = pick(await readInstruction(view), /Select (.*) and click Submit/, "checkbox list");
  const names = list === "nothing" ? [] : list.split(/,\s*/);
  for (const name of names) await view.click(view.find(named("checkbox", name), `checkbox "${name}"`));
  await view.click(view.find(named("button", "Submit"), "Submit"));
}

/** "Switch between the tabs to find and click on the link "X"." */
const switchTabsToFind: Solver = async (view) => {
  const name = pick(await readInstruction(view), /link "(.*)"/, "link");
  // A tab is switched by its label, the link inside it; the rest of the tab's box may not listen.
  await openUntilFound(view, name, (lines) => lines.filter((line, index) => line.role === "link" && lines[index - 1]?.role === "tab"));
};

/**
 * Moves a slider with its keys to `target`: PageUp/PageDown while far (its step is learned from
 * the first press), then the arrows. The slider's value is the number printed after it.
 */
const useSlider: Solver = async (view) => {
  const target = Number(pick(await readInstruction(view), /Select (-?\d+) with the slider/, "value"));
  const handle = view.find((line) => line.ref !== null && line.role !== "button", "the slider's handle");
  const valueNow = async (): Promise<number> => {
    await view.snapshot();
    const after = view.lines.slice(view.lines.findIndex((line) => line.ref === handle.ref) + 1);
    const shown = after.map((line) => lineText(line).trim()).find((text) => /^-?\d+$/.test(text));
    if (shown === undefined) throw new SolverError("not_in_snapshot", "no value printed after the slider");
    return Number(shown);
  };
  let value = await valueNow();
  let pageStep = Infinity;
  for (let press = 0; press < 60 && value !== target; press++) {
    const distance = Math.abs(target - value);
    const paging = distance >= pageStep || (pageStep === Infinity && distance > 5);
    const up = target > value;
    await view.press(paging ? (up ? "PageUp" : "PageDown") : up ? "ArrowRight" : "ArrowLeft", handle);
    const next = await valueNow();
    if (paging && pageStep === Infinity) pageStep = Math.max(1, Math.abs(next - value));
    value = next;
  }
  if (value !== target) throw new SolverError("not_actionable", `the slider stayed at ${value}, not ${target}`);
  await view.click(view.find(named("button", "Submit"), "Submit"));
};

export const WIDGET_SOLVERS: Record<string, Solver> = {
  "use-slider": useSlider,
  "click-checkboxes": tickNamedCheckboxes,
  "click-checkboxes-large": tickNamedCheckboxes,
  "click-tab": async (view) => {
    const name = pick(await readInstruction(view), /Click on (Tab #\d+)/, "tab");
    await view.click(view.find(named("tab", name), `tab "${name}"`));
  },
  "click-tab-2": switchTabsToFind,
  "click-tab-2-hard": switchTabsToFind,
  "click-collapsible": async (view) => {
    await readInstruction(view);
    await view.click(view.find((line) => line.role === "tab" && line.name.startsWith("Section"), "section header"));
    await view.snapshot();
    await view.click(view.find(named("button", "Submit"), "Submit"));
  },
  "click-collapsible-2": async (view) => {
    const name = pick(await readInstruction(view), /link "(.*)"/, "link");
    await openUntilFound(view, name, (lines) => lines.filter((line) => line.role === "tab"));
  },
  "navigate-tree": async (view) => {
    const name = pick(await readInstruction(view), /named "(.*)"/, "name");
    // A folder is printed as its unnamed icon followed by its name.
    await openUntilFound(view, name, (lines) =>
      lines.filter(
        (line, index) =>
          line.name !== "" && lines[index - 1]?.ref !== null && lines[index - 1]?.name === "" && lines[index - 1]?.indent === line.indent,
      ),
    );
  },
  "click-widget": async (view) => {
    const kind = pick(await readInstruction(view), /Click on a "(.*)" widget/, "widget kind");
    const { elements = [] } = await view.request("browser.snapshot", { elements: true });
    // A textarea and a one-line input are both printed as textbox: the element records tell them apart.
    const matches = (element: (typeof elements)[number]): boolean =>
      kind === "textarea"
        ? element.tag === "textarea"
        : kind === "text"
          ? element.tag === "input" && element.role === "textbox"
          : element.role === kind || element.tag === kind;
    const ref = elements.find(matches)?.ref;
    if (ref === undefined) throw new SolverError("not_in_snapshot", `no ${kind} widget among the snapshot's elements`);
    await view.request("browser.click", { ref });
  },
  "click-menu": async (view) => {
    const path = pick(await readInstruction(view), /Select (.*)$/, "menu path").split(">");
    for (const [depth, item] of path.entries()) {
      // jQuery UI opens a submenu a moment after the pointer enters its parent.
      const line =
        depth === 0
          ? view.find(named("menuitem", item), `menu item "${item}"`)
          : await view.waitForLine(named("menuitem", item), `menu item "${item}"`);
      if (depth < path.length - 1) await view.request("browser.hover", { ref: view.refOf(line) });
      else await view.click(line);
    }
  },
};
