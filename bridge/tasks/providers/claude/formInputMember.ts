import { ToolError } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { requireRefTarget } from "./memberInput.js";
import type { TaskBrowser } from "./taskBrowser.js";

/** The form_input member: a checkbox set to the value, an option chosen by label (else value), or a field's text replaced. */
export async function formInput(browser: TaskBrowser, input: Beta.BetaBrowserFormInputInput): Promise<void> {
  const tabId = browser.tabFor(input.tab_id);
  const { ref, hint } = browser.locate(tabId, requireRefTarget(input.target, "target"));
  const value = input.value;
  if (typeof value === "boolean") {
    const checked = await isChecked(browser, tabId, ref);
    if (checked !== value) await browser.call("browser.click", { tabId, ref }, hint);
    return;
  }
  if (typeof value !== "string" && typeof value !== "number") throw new ToolError("value must be a string, number or boolean.");
  const text = String(value);
  if (hint.role === "combobox" || hint.role === "listbox") {
    try {
      await browser.call("browser.select_option", { tabId, ref, labels: [text] }, hint);
    } catch {
      await browser.call("browser.select_option", { tabId, ref, values: [text] }, hint);
    }
    return;
  }
  await browser.call("browser.type", { tabId, ref, text, mode: "replace" }, hint);
}

async function isChecked(browser: TaskBrowser, tabId: number, ref: string): Promise<boolean> {
  const page = await browser.call("browser.read_page", { tabId, ref, depth: 1, mode: "all" });
  return /\[checked(=true)?\]/.test(page.text.split("\n").find((line) => line.includes(`[ref=${ref}]`)) ?? "");
}
