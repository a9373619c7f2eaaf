import { z } from "zod";
import {
  PolicyConfirmationCategorySchema,
  HostPatternSchema,
  type Policy,
  type UserPolicySettings,
} from "../../../protocol/tools/gatekeeperTools.js";
import { describeZodError } from "../../../protocol/index.js";
import { h } from "../dom.js";

const HostListSchema = z.array(HostPatternSchema).max(500);

/**
 * One setting on the form: its control, the value the form last drew from the policy, and
 * the change it makes. A field is changed when its control no longer shows what was drawn;
 * only changed fields are saved, so a Save never writes back a value that was stale.
 */
export interface SettingField {
  control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** The value as the form last drew it, in the form the control reads; null before the first draw. */
  drawn: string | null;
  read(): string;
  show(value: string): void;
  valueIn(policy: Policy): string;
  /** The change this field makes, or an error naming what is wrong with the input. */
  change(): UserPolicySettings | string;
}

function hostField(id: string, pick: (policy: Policy) => string[], label: string, key: "allowedHosts" | "blockedHosts"): SettingField {
  const control = h("textarea", { id, rows: "3", placeholder: "example.com\n*.example.org" });
  const normalize = (text: string): string => hostLines(text).join("\n");
  return {
    control,
    drawn: null,
    read: () => normalize(control.value),
    show: (value) => (control.value = value),
    valueIn: (policy) => pick(policy).join("\n"),
    change: () => {
      const parsed = HostListSchema.safeParse(hostLines(control.value));
      return parsed.success ? { [key]: parsed.data } : `${label}: ${describeZodError(parsed.error, "host")}`;
    },
  };
}

function hostLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function checkField(id: string, pick: (policy: Policy) => boolean, change: (checked: boolean) => UserPolicySettings): SettingField {
  const control = h("input", { id, type: "checkbox" });
  return {
    control,
    drawn: null,
    read: () => String(control.checked),
    show: (value) => (control.checked = value === "true"),
    valueIn: (policy) => String(pick(policy)),
    change: () => change(control.checked),
  };
}

function modeField(): SettingField {
  const control = h(
    "select",
    { id: "set-confirmations" },
    h("option", { value: "user" }, "Only I answer, here in the panel"),
    h("option", { value: "agent" }, "Agents may answer on the socket"),
  );
  return {
    control,
    drawn: null,
    read: () => control.value,
    show: (value) => (control.value = value),
    valueIn: (policy) => policy.confirmations,
    change: () => ({ confirmations: control.value === "agent" ? "agent" : "user" }),
  };
}

export interface SettingsFields {
  allowed: SettingField;
  blocked: SettingField;
  privateRanges: SettingField;
  javascript: SettingField;
  uploads: SettingField;
  categories: Record<string, SettingField>;
  mode: SettingField;
}

export function settingsFields(): SettingsFields {
  return {
    allowed: hostField("set-allowed", (policy) => policy.allowedHosts, "Only these hosts", "allowedHosts"),
    blocked: hostField("set-blocked", (policy) => policy.blockedHosts, "Never these hosts", "blockedHosts"),
    privateRanges: checkField(
      "set-private",
      (policy) => policy.blockPrivateNetworks,
      (checked) => ({ blockPrivateNetworks: checked }),
    ),
    javascript: checkField(
      "set-js",
      (policy) => policy.allowJavaScript,
      (checked) => ({ allowJavaScript: checked }),
    ),
    uploads: checkField(
      "set-uploads",
      (policy) => policy.allowUploads,
      (checked) => ({ allowUploads: checked }),
    ),
    categories: Object.fromEntries(
      PolicyConfirmationCategorySchema.options.map((category) => [
        category,
        checkField(
          `set-confirm-${category}`,
          (policy) => policy.confirm[category],
          (checked) => ({ confirm: { [category]: checked } }),
        ),
      ]),
    ),
    mode: modeField(),
  };
}

export function allFields(fields: SettingsFields): SettingField[] {
  return [
    fields.allowed,
    fields.blocked,
    fields.privateRanges,
    fields.javascript,
    fields.uploads,
    ...Object.values(fields.categories),
    fields.mode,
  ];
}

/**
 * Draws the policy into every field the person has not changed, and remembers it as drawn;
 * a field they changed keeps their edit (still saved, as it differs from the new value).
 */
export function drawPolicy(fields: SettingsFields, policy: Policy): void {
  for (const field of allFields(fields)) {
    const edited = field.drawn !== null && field.read() !== field.drawn;
    const value = field.valueIn(policy);
    if (!edited) field.show(value);
    field.drawn = value;
  }
}

/** The changed fields' changes merged into one update, or the first input error. */
export function changesOf(fields: SettingsFields): { changes: UserPolicySettings; count: number } | string {
  let changes: UserPolicySettings = {};
  let count = 0;
  for (const field of allFields(fields)) {
    if (field.read() === field.drawn) continue;
    const change = field.change();
    if (typeof change === "string") return change;
    changes = { ...changes, ...change, ...(change.confirm === undefined ? {} : { confirm: { ...changes.confirm, ...change.confirm } }) };
    count += 1;
  }
  return { changes, count };
}
