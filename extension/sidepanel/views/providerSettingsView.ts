import {
  providerSettingProblem,
  type ProviderSettingName,
  type ProviderSettingStatus,
  type ProviderSettingsReport,
} from "../../../protocol/index.js";
import { button, h } from "../dom.js";
import { askBridge } from "../panelClient.js";

/**
 * Model providers: one field per setting, written to the bridge's provider settings file,
 * which the next task reads. Secrets are write-only here: the panel shows whether a key is
 * set and where from, never the key, and clears its field once the key is saved.
 */
export async function renderProviderSettings(): Promise<Node> {
  const section = h("form", { id: "providers", autocomplete: "off" });
  const notice = h("div", { class: "notice", role: "status", hidden: true });
  const say = (text: string, kind: "good" | "bad"): void => {
    notice.textContent = text;
    notice.className = `notice ${kind}`;
    notice.hidden = false;
  };
  const draw = (report: ProviderSettingsReport): void => {
    section.replaceChildren(
      h("h2", {}, "Model providers"),
      h(
        "p",
        { class: "muted small" },
        `Used by tasks from their next start, without restarting the browser. A value in the browser's environment wins. Kept in ${report.file}.`,
      ),
      ...report.providers.map((each) =>
        h("p", { class: "small", "data-provider": each.provider }, `${each.provider}: ${each.configured ? "ready" : "not configured"}`),
      ),
      ...report.settings.map((setting) => settingRow(setting, write)),
      notice,
    );
  };
  const write = async (name: ProviderSettingName, value: string | null): Promise<void> => {
    const problem = value === null ? null : providerSettingProblem(name, value);
    if (problem !== null) {
      say(problem, "bad");
      return;
    }
    try {
      draw(await askBridge({ action: "provider_set", name, value }));
      say(value === null ? `${name} removed.` : `${name} saved. The next task uses it.`, "good");
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "bad");
    }
  };
  try {
    draw(await askBridge({ action: "tasks.providers", payload: {} }));
  } catch (error) {
    section.replaceChildren(
      h("h2", {}, "Model providers"),
      h("p", { class: "notice bad" }, `The bridge did not answer: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  return section;
}

function statusText(setting: ProviderSettingStatus): string {
  if (setting.source === null) return "not set";
  const where = setting.source === "env" ? "set in the browser's environment (wins over this field)" : "set";
  return setting.value === null ? where : `${where}: ${setting.value}`;
}

function settingRow(setting: ProviderSettingStatus, write: (name: ProviderSettingName, value: string | null) => Promise<void>): Node {
  const id = `provider-${setting.name}`;
  const input = h("input", {
    id,
    type: setting.secret ? "password" : setting.name.endsWith("_URL") ? "url" : "text",
    placeholder: setting.secret ? (setting.source === null ? "paste the key" : "paste a new key to replace it") : "new value",
    autocomplete: "off",
    spellcheck: "false",
  });
  const save = async (): Promise<void> => {
    const value = input.value.trim();
    // The secret leaves the page's DOM whatever the answer.
    input.value = "";
    await write(setting.name, value);
  };
  return h(
    "div",
    { class: "provider-setting", "data-setting": setting.name },
    h("label", { for: id }, setting.name),
    h("p", { class: "muted small", id: `${id}-status`, "data-source": setting.source ?? "none" }, statusText(setting)),
    input,
    h(
      "div",
      { class: "actions" },
      button("Save", save, "", { id: `${id}-save` }),
      setting.source === "file" ? button("Clear", () => write(setting.name, null), "", { id: `${id}-clear` }) : null,
    ),
  );
}
