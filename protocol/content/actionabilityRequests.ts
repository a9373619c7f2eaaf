import { z } from "zod";
import { lazySchema, type SchemaFactories } from "../lazySchemas.js";
import { refSchema, uploadFileContentSchema } from "./requestFields.js";

const actionPurposeSchema = lazySchema(() => z.enum(["click", "hover", "type", "drag"]));

/** Content-script ops behind actionability, waiting and the L1 widget tools. */
export const actionabilityContentRequests = {
  /** Scroll into view, check attached/visible/stable/enabled(/editable), hit-test; return the top-frame point, and with `highlight` the target's box for the worker's highlight. */
  /**
   * `exactPoint`: the caller aims trusted input at the answer's `point`, so a frame on the way that
   * cannot be mapped exactly (rotated, skewed, mirrored, 3D) is unsupported_frame rather than a guess.
   */
  prepare_action: () =>
    z.object({
      op: z.literal("prepare_action"),
      ref: refSchema(),
      purpose: actionPurposeSchema(),
      exactPoint: z.boolean(),
      highlight: z.boolean().optional(),
      /** The agent's `force`: no wait for the box to stop moving; every other check stays. */
      force: z.boolean().optional(),
      /**
       * Describe the prepared target in the same trip (describe_ref's answer): the gatekeeper's
       * judgement right before dispatch reads it instead of asking the page again.
       */
      describe: z.boolean().optional(),
    }),
  select_option: () =>
    z.object({
      op: z.literal("select_option"),
      ref: refSchema(),
      values: z.array(z.string()).optional(),
      labels: z.array(z.string()).optional(),
    }),
  scroll_to: () => z.object({ op: z.literal("scroll_to"), ref: refSchema() }),
  /**
   * Right before trusted input is pressed at `point` (top-frame viewport CSS px), after the pointer
   * moved there: the target is still the one prepared, clear at the point, and as the gatekeeper judged it.
   */
  check_dispatch: () =>
    z.object({
      op: z.literal("check_dispatch"),
      ref: refSchema(),
      point: z.object({ x: z.number(), y: z.number() }),
      purpose: actionPurposeSchema(),
    }),
  /**
   * Right before trusted keys or text go out: focus is still on the element focused for `ref`
   * (or, without one, the focused element the gatekeeper judged), which is as judged.
   */
  check_focus: () => z.object({ op: z.literal("check_focus"), ref: refSchema().optional(), purpose: z.enum(["key press", "typing"]) }),
  wait_for: () =>
    z.object({
      op: z.literal("wait_for"),
      text: z.string().optional(),
      textGone: z.string().optional(),
      timeoutMs: z.number().int().positive(),
    }),
  /**
   * `after`: epoch ms of a write's dispatch; the periods count from then, and changes since then count (see watch_mutations).
   * `observe`: when quiet, the observation (of that many chars) at that moment too, one round trip fewer; observe's `retract` takes it back.
   * `activitySince`: epoch ms of a write's start; the answer says what the page did since, at its end.
   */
  dom_quiet: () =>
    z.object({
      op: z.literal("dom_quiet"),
      quietMs: z.number().int().nonnegative(),
      maxMs: z.number().int().positive(),
      after: z.number().optional(),
      observe: z.number().int().positive().optional(),
      activitySince: z.number().optional(),
    }),
  /** Starts noting when the DOM last changed, before a write dispatches, so the settle's dom_quiet can count from the dispatch. */
  watch_mutations: () => z.object({ op: z.literal("watch_mutations") }),
  prepare_typing: () => z.object({ op: z.literal("prepare_typing"), ref: refSchema(), mode: z.enum(["replace", "append"]) }),
  read_value: () => z.object({ op: z.literal("read_value"), ref: refSchema() }),
  /** What kind of field `ref` is for fill_form (text, a choice of options, or a box to check) and whether it is checked. */
  field_state: () => z.object({ op: z.literal("field_state"), ref: refSchema() }),
  /** The target's box in the top frame's viewport, for the action highlight the worker draws outside the page. */
  highlight: () => z.object({ op: z.literal("highlight"), ref: refSchema() }),
  /** Assigns files to an <input type=file> through DataTransfer (not DOM.setFileInputFiles, which takes only paths on disk). */
  set_files: () => z.object({ op: z.literal("set_files"), ref: refSchema(), files: z.array(uploadFileContentSchema()) }),
} satisfies SchemaFactories;
