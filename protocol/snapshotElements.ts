import { z } from "zod";

/**
 * Element-level facts about what a snapshot printed, asked for with `elements: true`. The
 * snapshot text is for reading; these records are for adapters that index elements
 * (Browser-Use's element_index, &body.browser's affordances) without their own perception.
 * Page strings in them are untrusted and bounded like every snapshot string.
 */
export const SnapshotElementAttributesSchema = z.object({
  name: z.string().nullable(),
  /** The current value of a form control; a password's is masked. */
  value: z.string().nullable(),
  placeholder: z.string().nullable(),
  type: z.string().nullable(),
  href: z.string().nullable(),
  /** Checkboxes and radios only. */
  checked: z.boolean().nullable(),
});

export const SnapshotElementSchema = z.object({
  /** The printed ref; absent for a native <option> and a <label>, which act through another ref. */
  ref: z.string().optional(),
  tag: z.string(),
  /** The role printed in the snapshot; null for a <label>. */
  role: z.string().nullable(),
  /** The name printed in the snapshot. */
  name: z.string(),
  ariaLabel: z.string().nullable(),
  /** Trimmed visible text, null when there is none (inputs). */
  text: z.string().nullable(),
  attributes: SnapshotElementAttributesSchema,
  /** Its box intersects the top viewport. */
  inViewport: z.boolean(),
  disabled: z.boolean(),
  /** Printed states, as in the snapshot line: "[checked]", "[expanded]", ... */
  states: z.array(z.string()),
  /** An option of a native <select>: the select's ref and the option's position in select.options. */
  option: z.object({ selectRef: z.string(), index: z.number().int().nonnegative(), selected: z.boolean() }).optional(),
  /** A <label> of a printed control: that control's ref. */
  labelFor: z.string().optional(),
});
export type SnapshotElement = z.infer<typeof SnapshotElementSchema>;

export const SnapshotViewportSchema = z.object({ width: z.number(), height: z.number() });
