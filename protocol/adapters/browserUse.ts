import { z } from "zod";
import { TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { SnapshotElementAttributesSchema } from "../snapshotElements.js";

/**
 * The Browser-Use DOM action and element-index protocol (docs/adapters.md),
 * environment side: a State Object per turn, one action per call. A translation over
 * browser.snapshot (with `elements`), browser.click/type/select_option/scroll/navigate
 * and browser.screenshot; it has no perception or action of its own.
 */

export const BrowserUseDescriptorSchema = z.object({
  tag: z.string(),
  role: z.string().nullable(),
  "aria-label": z.string().nullable(),
  text_content: z.string().nullable(),
  /** The protocol's attribute set exactly: name, value, placeholder, type, href, checked. */
  attributes: SnapshotElementAttributesSchema,
});
export type BrowserUseDescriptor = z.infer<typeof BrowserUseDescriptorSchema>;

export const BrowserUseErrorCodeSchema = z.enum([
  "INVALID_ELEMENT_INDEX",
  "ELEMENT_NOT_INTERACTIVE",
  "ACTION_VALIDATION_FAILED",
  "NAVIGATION_FAILED",
  "INTERNAL_BROWSER_ERROR",
]);
export type BrowserUseErrorCode = z.infer<typeof BrowserUseErrorCodeSchema>;

const ElementIndexSchema = z.number().int().positive();
/** The seven actions, exactly as the protocol spells them; anything else is ACTION_VALIDATION_FAILED. */
export const BrowserUseActionSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("click_element"), element_index: ElementIndexSchema }),
  z.strictObject({
    action: z.literal("input_text"),
    element_index: ElementIndexSchema,
    text: z.string().max(100_000),
    overwrite: z.boolean().optional(),
  }),
  z.strictObject({ action: z.literal("select_option"), element_index: ElementIndexSchema, option_index: ElementIndexSchema }),
  z.strictObject({
    action: z.literal("scroll"),
    direction: z.enum(["up", "down", "left", "right"]),
    pixels: z.number().int().positive().max(1_000_000).optional(),
  }),
  z.strictObject({ action: z.literal("navigate"), url: z.url({ protocol: /^https?$/ }) }),
  z.strictObject({ action: z.literal("finish_task"), message: z.string().max(10_000) }),
  z.strictObject({ action: z.literal("fail_task"), message: z.string().max(10_000) }),
]);
export type BrowserUseAction = z.infer<typeof BrowserUseActionSchema>;
export const BROWSER_USE_ACTION_NAMES = BrowserUseActionSchema.options.map((option) => option.shape.action.value);

export const BrowserUseStateSchema = z.object({
  url: z.string(),
  /** The snapshot text with each ref replaced by its element index (`[index=3]`); refs outside the viewport are dropped. */
  page_content: z.string(),
  element_index: z.record(z.string().regex(/^[1-9]\d*$/), BrowserUseDescriptorSchema),
  /** Base64 PNG of the viewport, when asked for with `screenshot: true`. */
  screenshot: z.string().optional(),
  /** sha256 hex of the canonical JSON [url, page_content]. */
  state_hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const BrowserUseStatePayloadSchema = z.strictObject({ ...tabScoped, screenshot: z.boolean().optional() });

/**
 * The action's own fields are typed for JSON Schema readers (MCP, the CLI) but checked by
 * the adapter against BrowserUseActionSchema, so a malformed action is answered the
 * protocol's way (ACTION_VALIDATION_FAILED with the unchanged state), never as bad_request.
 */
function documented(jsonType: Record<string, unknown>, description: string): z.ZodOptional<z.ZodUnknown> {
  return z
    .unknown()
    .optional()
    .meta({ ...jsonType, description });
}
const INDEX_JSON = { type: "integer", minimum: 1 };
export const BrowserUseActPayloadSchema = z.looseObject({
  ...tabScoped,
  action: z.unknown().meta({ type: "string", enum: BROWSER_USE_ACTION_NAMES, description: "The action name." }),
  element_index: documented(INDEX_JSON, "click_element, input_text, select_option: a key of the current state's element_index."),
  text: documented({ type: "string" }, "input_text: the text to enter."),
  overwrite: documented({ type: "boolean" }, "input_text: clear the field first (default: append)."),
  option_index: documented(INDEX_JSON, "select_option: the element_index of the <option> to select."),
  direction: documented({ type: "string", enum: ["up", "down", "left", "right"] }, "scroll: the direction."),
  pixels: documented({ type: "integer", minimum: 1 }, "scroll: how far (default: 80% of the viewport)."),
  url: documented({ type: "string" }, "navigate: an absolute http(s) URL."),
  message: documented({ type: "string" }, "finish_task, fail_task: the outcome."),
  /** The state the action was chosen in; an older one makes element actions INVALID_ELEMENT_INDEX. */
  state_hash: z.string().optional(),
  /** Include a screenshot in the answered state. */
  screenshot: z.boolean().optional(),
});

export const BrowserUseActResultSchema = BrowserUseStateSchema.extend({
  tabId: TabIdSchema.optional(),
  error: z.object({ code: BrowserUseErrorCodeSchema, message: z.string(), failed_action: z.unknown() }).optional(),
  /** Set by finish_task and fail_task: the agent ended its task. */
  task: z.object({ status: z.enum(["finished", "failed"]), message: z.string() }).optional(),
});

export const BROWSER_USE_COMMANDS = {
  "browseruse.state": command({
    trust: "page",
    payload: BrowserUseStatePayloadSchema,
    result: BrowserUseStateSchema.extend({ tabId: TabIdSchema.optional() }),
    handledBy: "bridge",
    group: "browseruse",
    description:
      "The Browser-Use state object of the tab (page_content, element_index).\n\nAnswers {url, page_content, element_index, screenshot?, state_hash}. element_index maps numeric keys to {tag, role, aria-label, text_content, attributes} for the interactive elements in the viewport (refs, native `<option>`s, control `<label>`s); keys are valid only for this state_hash.",
    example: { screenshot: true },
    effects: "read",
  }),
  "browseruse.act": command({
    trust: "page",
    payload: BrowserUseActPayloadSchema,
    result: BrowserUseActResultSchema,
    handledBy: "bridge",
    group: "browseruse",
    description:
      "One Browser-Use action by element index; answers the new state.\n\nActions: click_element, input_text, select_option, scroll, navigate, finish_task, fail_task. It answers the new State Object once the page settled, or the unchanged state with error {code, message, failed_action}: INVALID_ELEMENT_INDEX (also for a state_hash older than the last state), ELEMENT_NOT_INTERACTIVE, ACTION_VALIDATION_FAILED, NAVIGATION_FAILED, INTERNAL_BROWSER_ERROR. The unchanged state is the last one issued for the tab, same state_hash and element_index; the one exception is a failed navigate Chrome cannot go back from to the same document (a page the user never interacted with): the page is loaded again, and the answer is a new state whose message says so.",
    example: { action: "input_text", element_index: 2, text: "user@example.com", overwrite: true },
    effects: "write",
    intent: "composes",
  }),
} as const satisfies Record<string, CommandSpec>;
