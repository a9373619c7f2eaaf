import type { SnapshotLine } from "../agentView.js";
import { pick, quotedIn, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const named = (role: string, name: string) => (line: SnapshotLine) => line.role === role && line.name === name;

/** "Click on the "X" button." and its variants: the button whose name is the quoted text. */
const clickQuotedButton: Solver = async (view) => {
  const name = pick(await readInstruction(view), /"(.*)" button/, "button name");
  await view.click(view.find(named("button", name), `button "${name}"`));
};

/** Clicks the buttons the instruction names, in its order ("Click button ONE, then click button TWO."). */
const clickButtonsInOrder: Solver = async (view) => {
  const instruction = await readInstruction(view);
  for (const match of instruction.matchAll(/button (\w+)/g)) {
    const name = match[1] ?? "";
    await view.click(view.find(named("button", name), `button "${name}"`));
  }
};

export const CLICK_SOLVERS: Record<string, Solver> = {
  "click-button": clickQuotedButton,
  "click-button-sequence": clickButtonsInOrder,
  "click-link": async (view) => {
    const name = pick(await readInstruction(view), /link "(.*)"/, "link text");
    await view.click(view.find((line) => line.ref !== null && line.name === name, `link "${name}"`));
  },
  "click-dialog": async (view) => {
    await readInstruction(view);
    await view.click(view.find(named("button", "Close"), `the dialog's close button`));
  },
  "click-dialog-2": async (view) => {
    const label = pick(await readInstruction(view), /labeled "(.*)"/, "button label");
    // The dialog's "x" is the close button, which our snapshot names "Close".
    const name = label === "x" ? "Close" : label;
    await view.click(view.find(named("button", name), `button "${name}"`));
  },
  "click-option": async (view) => {
    const name = pick(await readInstruction(view), /Select (.*) and click Submit/, "option");
    await view.click(view.find(named("radio", name), `radio "${name}"`));
    await view.click(view.find(named("button", "Submit"), "Submit"));
  },
  "sign-agreement": async (view) => {
    const instruction = await readInstruction(view);
    const plain = /Click the (\w+) button/.exec(instruction)?.[1];
    if (plain !== undefined) {
      const name = plain.charAt(0).toUpperCase() + plain.slice(1);
      return view.click(view.find(named("button", name), `button "${name}"`));
    }
    // "Scroll to the bottom of the textarea, enter the name "X" then press "Agree"": the fields unlock once it is scrolled through.
    const [person = "", button = ""] = quotedIn(instruction);
    const agreement = view.find((line) => line.role === "textbox" && line.name === "", "the agreement's textarea");
    await view.request("browser.scroll", { ref: view.refOf(agreement), direction: "down", amount: 100_000 });
    await view.snapshot();
    await view.type(view.find(named("textbox", "Name"), 'textbox "Name"'), person);
    await view.click(view.find(named("button", button), `button "${button}"`));
  },
};
