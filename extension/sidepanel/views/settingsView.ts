import { PolicyConfirmationCategorySchema } from "../../../protocol/tools/gatekeeperTools.js";
import { button, h } from "../dom.js";
import { askExtension } from "../panelClient.js";
import { renderProviderSettings } from "./providerSettingsView.js";
import { allFields, changesOf, drawPolicy, settingsFields } from "./settingsFields.js";

export interface SettingsView {
  nodes: Node[];
  /** Redraws what the person has not changed from the policy as it is now (it changed elsewhere). */
  refresh(): Promise<void>;
}

/**
 * Settings: the gatekeeper policy as the user owns it, written to the user's policy in the
 * extension's local storage. Save writes only the fields the person changed, over the policy as
 * it is then; the socket can still only tighten on top of it.
 */
export async function renderSettings(): Promise<SettingsView> {
  const providers = renderProviderSettings();
  const current = await askExtension({ action: "policy" });
  const fields = settingsFields();
  drawPolicy(fields, current.policy);
  const notice = h("div", { class: "notice", role: "status", hidden: true });
  const say = (text: string, kind: "good" | "bad"): void => {
    notice.textContent = text;
    notice.className = `notice ${kind}`;
    notice.hidden = false;
  };

  const save = async (): Promise<void> => {
    const update = changesOf(fields);
    if (typeof update === "string") {
      say(update, "bad");
      return;
    }
    if (update.count === 0) {
      say("Nothing to save: no setting was changed.", "good");
      return;
    }
    say("Saving…", "good");
    try {
      const saved = await askExtension({ action: "policy_update", changes: update.changes });
      // What was saved is now what the form shows as drawn.
      for (const field of allFields(fields)) field.drawn = field.read();
      drawPolicy(fields, saved.policy);
      say(`Saved ${update.count === 1 ? "1 change" : `${update.count} changes`}. The gatekeeper applies it to the next action.`, "good");
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "bad");
    }
  };

  const nodes = [
    h(
      "form",
      { id: "settings" },
      h("label", { for: "set-allowed" }, "Only these hosts (allowlist): leave empty to allow every host that is not in the blocklist"),
      fields.allowed.control,
      h("label", { for: "set-blocked" }, "Never these hosts (blocklist): always wins over the allowlist"),
      fields.blocked.control,
      h("label", { class: "check" }, fields.privateRanges.control, "Block localhost and private network ranges"),
      h("label", { class: "check" }, fields.javascript.control, "Allow agents to run JavaScript on pages"),
      h("label", { class: "check" }, fields.uploads.control, "Allow file uploads"),
      h("label", {}, "Ask before"),
      ...PolicyConfirmationCategorySchema.options.map((category) =>
        h("label", { class: "check" }, fields.categories[category]?.control ?? null, categoryLabel(category)),
      ),
      h("label", { for: "set-confirmations" }, "Who answers confirmations"),
      fields.mode.control,
      h(
        "p",
        { class: "muted small" },
        `Default for this browser: ${current.confirmationsDefault === "user" ? "only you (a person is present)" : "agents (it runs headless)"}.`,
      ),
      h("div", { class: "actions" }, button("Save settings", save, "primary", { id: "settings-save" })),
      notice,
    ),
    await providers,
  ];
  return {
    nodes,
    async refresh() {
      drawPolicy(fields, (await askExtension({ action: "policy" })).policy);
    },
  };
}

function categoryLabel(category: string): string {
  const labels: Record<string, string> = {
    purchase: "purchases and payments",
    account: "account changes (password, email, deletion)",
    messaging: "sending messages and posts",
    credentials: "submitting passwords",
    submit: "final form submits",
  };
  return labels[category] ?? category;
}
