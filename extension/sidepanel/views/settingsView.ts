import { z } from "zod";
import { ConfirmationCategorySchema, HostPatternSchema, type UserPolicySettings } from "../../../protocol/tools/gatekeeperTools.js";
import { describeZodError } from "../../../protocol/index.js";
import { button, h } from "../dom.js";
import { askExtension } from "../panelClient.js";
import { renderProviderSettings } from "./providerSettingsView.js";

const HostListSchema = z.array(HostPatternSchema).max(500);

/**
 * Settings: the gatekeeper policy as the user owns it, written to the user's policy in
 * chrome.storage.local. The socket can still only tighten on top of it.
 */
export async function renderSettings(): Promise<Node[]> {
  const providers = renderProviderSettings();
  const current = await askExtension({ action: "policy" });
  const policy = current.policy;
  const hosts = (id: string, values: string[]) => h("textarea", { id, rows: "3", placeholder: "example.com\n*.example.org" }, values.join("\n"));
  const check = (id: string, checked: boolean) => h("input", { id, type: "checkbox", checked });
  const allowed = hosts("set-allowed", policy.allowedHosts);
  const blocked = hosts("set-blocked", policy.blockedHosts);
  const privateRanges = check("set-private", policy.blockPrivateNetworks);
  const javascript = check("set-js", policy.allowJavaScript);
  const uploads = check("set-uploads", policy.allowUploads);
  const categories = Object.fromEntries(ConfirmationCategorySchema.options.map((category) => [category, check(`set-confirm-${category}`, policy.confirm[category])]));
  const mode = h(
    "select",
    { id: "set-confirmations" },
    h("option", { value: "user", selected: policy.confirmations === "user" }, "Only I answer, here in the panel"),
    h("option", { value: "agent", selected: policy.confirmations === "agent" }, "Agents may answer on the socket"),
  );
  const notice = h("div", { class: "notice", role: "status", hidden: true });
  const say = (text: string, kind: "good" | "bad"): void => {
    notice.textContent = text;
    notice.className = `notice ${kind}`;
    notice.hidden = false;
  };

  const save = async (): Promise<void> => {
    const lines = (area: HTMLTextAreaElement) => area.value.split(/[\s,]+/).map((line) => line.trim()).filter((line) => line !== "");
    const allowedHosts = HostListSchema.safeParse(lines(allowed));
    const blockedHosts = HostListSchema.safeParse(lines(blocked));
    if (!allowedHosts.success || !blockedHosts.success) {
      const error = allowedHosts.success ? blockedHosts.error : allowedHosts.error;
      say(`${allowedHosts.success ? "Blocked" : "Allowed"} hosts: ${describeZodError(error ?? new z.ZodError([]), "host")}`, "bad");
      return;
    }
    const settings: UserPolicySettings = {
      ...current.settings,
      allowedHosts: allowedHosts.data,
      blockedHosts: blockedHosts.data,
      blockPrivateNetworks: privateRanges.checked,
      allowJavaScript: javascript.checked,
      allowUploads: uploads.checked,
      confirm: Object.fromEntries(Object.entries(categories).map(([category, box]) => [category, box.checked])),
      // Pinned only when the user picks something other than what applies now, so the
      // presence default (user when a person is there, agent when headless) keeps working.
      ...(mode.value === policy.confirmations ? {} : { confirmations: mode.value === "agent" ? "agent" : "user" }),
    };
    try {
      await askExtension({ action: "policy_save", settings });
      current.settings = settings;
      say("Saved. The gatekeeper applies it to the next action.", "good");
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "bad");
    }
  };

  return [
    h(
      "form",
      { id: "settings" },
      h("label", { for: "set-allowed" }, "Allowed hosts (empty: every host not blocked)"),
      allowed,
      h("label", { for: "set-blocked" }, "Blocked hosts (always win)"),
      blocked,
      h("label", { class: "check" }, privateRanges, "Block localhost and private network ranges"),
      h("label", { class: "check" }, javascript, "Allow agents to run JavaScript on pages"),
      h("label", { class: "check" }, uploads, "Allow file uploads"),
      h("label", {}, "Ask before"),
      ...ConfirmationCategorySchema.options.map((category) => h("label", { class: "check" }, categories[category] ?? null, categoryLabel(category))),
      h("label", { for: "set-confirmations" }, "Who answers confirmations"),
      mode,
      h("p", { class: "muted small" }, `Default for this browser: ${current.confirmationsDefault === "user" ? "only you (a person is present)" : "agents (it runs headless)"}.`),
      h("div", { class: "actions" }, button("Save settings", save, "primary", { id: "settings-save" })),
      notice,
    ),
    await providers,
  ];
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
