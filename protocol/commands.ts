import { z } from "zod";
import {
  ClickOptionsShape,
  EmulatedMediaSchema,
  LooseBooleanSchema,
  RefSchema,
  ScrollDirectionSchema,
  TabIdSchema,
  TypeModeSchema,
  tabScoped,
} from "./primitives.js";
import { command, type CommandSpec } from "./commandSpec.js";
import { ActionEffectsSchema } from "./tools/actionEffects.js";
import { DialogRecordSchema } from "./snapshotShapes.js";
import { FirstLookSchema, SnapshotFieldsSchema } from "./snapshotShapes.js";
import { SnapshotElementSchema, SnapshotViewportSchema } from "./snapshotElements.js";
import { ExtractPayloadSchema, ExtractResultSchema, PERCEPTION_TOOL_COMMANDS } from "./tools/perceptionTools.js";
import { TAB_TOOL_COMMANDS } from "./tools/tabTools.js";
import { INTERACTION_TOOL_COMMANDS } from "./tools/interactionTools.js";
import { GATEKEEPER_TOOL_COMMANDS } from "./tools/gatekeeperTools.js";
import { DIAGNOSTICS_TOOL_COMMANDS, DownloadSummarySchema } from "./tools/diagnosticsTools.js";
import { FETCH_TOOL_COMMANDS } from "./tools/fetchTools.js";
import { ImageResultSchema, POINTER_TOOL_COMMANDS, PointerScreenshotPayloadSchema } from "./tools/pointerTools.js";
import { DEEP_TOOL_COMMANDS, SnapshotSourceSchema } from "./tools/deepTools.js";
import { UPLOAD_TOOL_COMMANDS } from "./tools/uploadTools.js";
import { TASK_COMMANDS } from "./tasks/taskCommands.js";
import { SKILL_COMMANDS } from "./tasks/skillCommands.js";
import { BROWSER_USE_COMMANDS } from "./adapters/browserUse.js";
import { BODY_BROWSER_COMMANDS } from "./adapters/bodyBrowser.js";
import { AgentInfoSchema, BridgeHelloPayloadSchema, BridgeHelloResultSchema } from "./agents.js";

/**
 * Payload and result of every socket command. The bridge validates payloads before
 * forwarding and results before answering; the extension validates payloads again.
 */

export const BridgeHealthPayloadSchema = z.strictObject({});
export const BridgeHealthResultSchema = z.object({
  ok: z.boolean(),
  protocolVersion: z.number().int(),
  bridge: z.object({
    version: z.string(),
    pid: z.number().int(),
    socket: z.string(),
    uptimeMs: z.number(),
    authRequired: z.boolean(),
    agentConnections: z.number().int(),
    /** The task trace endpoint (GET http://127.0.0.1:PORT/v1/tasks/:id/trace); null until it listens. */
    tracePort: z.number().int().nullable().optional(),
    /** The browser whose extension this bridge serves (the process that started its native host); null when unknown. */
    browser: z.object({ pid: z.number().int(), executable: z.string().nullable() }).nullable().optional(),
  }),
  /** Every agent the bridge knows: connected ones, named ones between connections, and live tasks. */
  agents: z.array(AgentInfoSchema),
  extension: z.object({
    connected: z.boolean(),
    version: z.string().nullable(),
    connectedAt: z.string().nullable(),
    disconnectedAt: z.string().nullable(),
  }),
});

export const NavigatePayloadSchema = z.strictObject({ url: z.string().min(1).max(2_097_152), ...tabScoped });
/** loading: the document is interactive but subresources (images, scripts, frames) are still pending. */
export const NavigateResultSchema = z.object({
  tabId: TabIdSchema,
  url: z.string(),
  title: z.string(),
  loading: z.boolean().optional(),
  /** The URL was a file Chrome saves instead of showing: the tab stayed where it was, and these downloads started. */
  download_started: z.array(DownloadSummarySchema).optional(),
  /** Only when the request's `firstLook` asked for one: the new document's budgeted snapshot. */
  first_look: FirstLookSchema.optional(),
});

export const SnapshotPayloadSchema = z.strictObject({
  ...tabScoped,
  maxChars: z.number().int().min(500).max(500_000).optional(),
  /** Also answer `elements`: tag, attributes, viewport and option/label links of every printed ref. */
  elements: z.boolean().optional(),
  media: EmulatedMediaSchema.optional(),
});
export const SnapshotResultSchema = SnapshotFieldsSchema.extend({
  tabId: TabIdSchema,
  /** "dom": the content script's snapshot; "cdp-ax": the CDP accessibility-tree fallback (deep refs). */
  source: SnapshotSourceSchema.optional(),
  /** With source "cdp-ax": why the content script's snapshot was not used (it failed, timed out, or came back empty). */
  fallback: z.string().optional(),
  /** Dialogs an agent tab raised outside any action (a timer's alert), answered so the page went on. */
  dialogs: z.array(DialogRecordSchema).optional(),
  /** With `elements: true` on a "dom" snapshot: one record per printed ref, native <option> and control <label>. */
  elements: z.array(SnapshotElementSchema).optional(),
  /** With `elements: true`: the top viewport in CSS px. */
  viewport: SnapshotViewportSchema.optional(),
});

export const ClickPayloadSchema = z.strictObject({
  ref: RefSchema,
  reason: z.string().max(500).optional(),
  ...ClickOptionsShape,
  ...tabScoped,
});
export const ClickResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: z.object({ role: z.string(), name: z.string() }),
  recovered: z.boolean(),
  /** "synthetic" DOM events for a plain left click; "trusted" CDP input for other buttons, counts or modifiers. */
  input: z.enum(["synthetic", "trusted"]),
});

export const TypePayloadSchema = z.strictObject({
  ref: RefSchema,
  /** Large enough that a paste-sized text still fits; the bridge splits it past 1 MB. */
  text: z.string().max(2_000_000),
  mode: TypeModeSchema.default("replace"),
  submit: LooseBooleanSchema.default(false),
  ...tabScoped,
});
export const TypeResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: z.object({ role: z.string(), name: z.string() }),
  value: z.string(),
  submitted: z.boolean(),
  recovered: z.boolean(),
  /** Set when the synthetic entry visibly failed and the call escalated once to trusted input. */
  escalated: z.literal("type_trusted").optional(),
});

export const PressPayloadSchema = z.strictObject({ key: z.string().min(1).max(100), ref: RefSchema.optional(), ...tabScoped });
export const PressResultSchema = ActionEffectsSchema.extend({ tabId: TabIdSchema, key: z.string() });

export const ScrollPayloadSchema = z.strictObject({
  direction: ScrollDirectionSchema,
  /** Pixels; defaults to 80% of the viewport (or of the element) along that axis. */
  amount: z.number().positive().max(1_000_000).optional(),
  ref: RefSchema.optional(),
  ...tabScoped,
});
export const ScrollResultSchema = z.object({
  tabId: TabIdSchema,
  scrollX: z.number(),
  scrollY: z.number(),
  moved: z.boolean(),
  atEnd: z.boolean(),
});

/** Viewport, full page or a ref's box; declared with the other image tools in tools/pointerTools.ts. */
export const ScreenshotPayloadSchema = PointerScreenshotPayloadSchema;
export const ScreenshotResultSchema = ImageResultSchema;

/** The eight core browser commands plus the bridge's own. */
export const CORE_COMMANDS = {
  "bridge.health": command({
    payload: BridgeHealthPayloadSchema,
    result: BridgeHealthResultSchema,
    handledBy: "bridge",
    group: "bridge",
    description:
      "Bridge and extension status. Use it when tools fail with extension_disconnected.\n\nAnswers the protocol version, bridge pid, socket, uptime, whether auth is required, agent connections, the browser it serves ({pid, executable}), the agents ({id, name, kind, color, connections, lastTabId, since}), and whether the extension is connected.",
    example: {},
    effects: "read",
    cli: { positionals: [] },
  }),
  "bridge.hello": command({
    payload: BridgeHelloPayloadSchema,
    result: BridgeHelloResultSchema,
    handledBy: "bridge",
    group: "bridge",
    description:
      "Names the agent this connection speaks for; connections with one name share tabs and a tab group.\n\nConnections with the same name are one agent: one default route (its last tab) and one tab group titled with the name. Without hello a connection is a new anonymous agent whose tabs are released when it disconnects. Answers {agent: {id, name, kind, color, connections, lastTabId, since}}; a second hello with another name is invalid_state.",
    example: { agent: "researcher" },
    effects: "read",
    cli: { positionals: ["agent"] },
  }),
  "browser.navigate": command({
    payload: NavigatePayloadSchema,
    result: NavigateResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Opens a URL in your tab (a tab of your own on the first call); through MCP it answers the page's first look with its refs.\n\nhttp(s) URLs only. Over the socket it answers that look (`first_look`) when the request's `firstLook` asks for it. Without tabId it uses the agent's own tab; an agent with none yet (while another agent holds the visible tab), or whose tab closed, gets a new background tab of its own. Answers {tabId, url, title, loading} once the document is interactive (DOMContentLoaded, or 5 s after it committed), never waiting for the last subresource; loading: true means images, scripts or frames are still pending. A URL Chrome saves as a file instead (an attachment) leaves the tab where it was and answers `download_started`.",
    example: { url: "https://example.com" },
    level: "L0",
    effects: "write",
    opensOwnTab: true,
    aliases: ["goto"],
    cli: { positionals: ["url"] },
  }),
  "browser.snapshot": command({
    payload: SnapshotPayloadSchema,
    result: SnapshotResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      'The page as an accessibility tree with refs. Call it to see the page; act on its refs.\n\nAnswers {tabId, snapshotId, url, title, text, refCount, truncated, loading, source, dialogs?}. It reads the DOM as it is at once; `loading: true` says the document had not finished loading. `source` is "dom", or "cdp-ax" when the DOM walk came back empty or the page\'s content script did not answer (even injected again) and the CDP accessibility tree was used (deep refs, which browser.click also takes); `fallback` then says why. `dialogs` lists what the page raised outside any action. `elements: true` adds one record per printed ref (tag, role, name, aria-label, text, attributes, inViewport, disabled, states), native `<option>` (option.selectRef, option.index) and control `<label>` (labelFor), and `viewport` {width, height}, the size the page has now. `media: "print"` reads the page as it prints (CSS print media through CDP, restored after).',
    example: { maxChars: 20000 },
    level: "L1",
    effects: "read",
    cli: { output: "snapshot" },
  }),
  "browser.click": command({
    payload: ClickPayloadSchema,
    result: ClickResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Clicks the element `ref` names. Answers what changed on the page.\n\nIt presses where a person would, inside one of the element's own line boxes. A plain left click dispatches DOM events; other buttons, counts (2 double, 3 triple) or modifiers use trusted CDP input. `force: true` skips only the wait for a moving target to stop (a looping animation); the hit test and the gatekeeper still run. Answers {tabId, ref, target, recovered, input, ...effects}.",
    example: { ref: "sk4m9_1_12" },
    level: "L1",
    effects: "write",
    intent: "activates",
    cli: { positionals: ["ref"] },
  }),
  "browser.type": command({
    payload: TypePayloadSchema,
    result: TypeResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Replaces (or with mode append, extends) a field's text; submit presses Enter. Answers what changed.\n\n`submit` presses a trusted Enter. Date, time, colour and range inputs take the value whole in their own format. In a rich-text or code editor the text goes in as the beforeinput event editors listen to, then through the browser's own editing, never written behind the editor's back. `value` is what the field shows once the page settled; when nothing took, it escalates once to type_trusted (`escalated`), as an editor's hidden input (Monaco) always needs. Password values come back masked. A deep ref from read_page_deep (a field in a cross-origin frame, such as hosted card fields) is focused in its frame and takes the text as trusted insertion; `value` is what the field holds after its own handlers ran.",
    example: { ref: "sk4m9_1_4", text: "hello world", submit: true },
    level: "L1",
    effects: "write",
    intent: "submits",
    cli: { positionals: ["ref", "text"], switches: { append: { mode: "append" } } },
  }),
  "browser.press": command({
    payload: PressPayloadSchema,
    result: PressResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Presses a key or chord (Enter, Escape, ArrowDown, ctrl+a) on `ref` or the focused element.\n\nTrusted CDP key events, after focusing `ref` (or on whatever has focus): Enter, Tab, Escape, Backspace, ArrowDown, PageDown, F5, a, ... and chords like ctrl+a, shift+Tab, meta+Enter. `ref` may be a deep ref from read_page_deep (a field in a cross-origin frame): it is focused in its frame first.",
    example: { key: "Enter", ref: "sk4m9_1_4" },
    level: "L2",
    effects: "write",
    intent: "submits",
    aliases: ["press_key"],
    cli: { positionals: ["key", "ref"] },
  }),
  "browser.scroll": command({
    payload: ScrollPayloadSchema,
    result: ScrollResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Scrolls the page or `ref` up, down, left or right by `amount` pixels (default most of a screen).\n\nThe default amount is 80% of the viewport or element. Answers {tabId, scrollX, scrollY, moved, atEnd}.",
    example: { direction: "down", amount: 600 },
    level: "L1",
    effects: "read",
    cli: { positionals: ["direction", "amount"] },
  }),
  "browser.screenshot": command({
    payload: ScreenshotPayloadSchema,
    result: ScreenshotResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "A PNG of the viewport, the full page or `ref`'s box. Use it when layout or images matter.\n\nAnswers {tabId, mimeType, data, width, height, scale, clip}. The longest side is at most 1,568 px; image pixel (ix, iy) is viewport point (clip.x + ix/scale, clip.y + iy/scale).",
    example: { fullPage: true },
    level: "L2",
    effects: "read",
    cli: { output: "image" },
  }),
  "browser.extract": command({
    payload: ExtractPayloadSchema,
    result: ExtractResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      'The page\'s (or `ref`\'s) text or markdown, 8,000 chars at a time (continue with fromChar). Use it to read content.\n\nPaging goes on from fromChar: nextChar, capped at 200,000. "text" is the visible text in reading order, read-only fields\' values included; "markdown" the main content (Readability, falling back to the whole page) through turndown. `media: "print"` reads what the page prints (CSS print media through CDP, restored after).',
    example: { format: "markdown", fromChar: 8000 },
    level: "L1",
    effects: "read",
    cli: { flagNames: { fromChar: "from" }, output: "text" },
  }),
} as const satisfies Record<string, CommandSpec>;

/** The command table in the sections docs/commands.md and the CLI help show them in (a section is not a capability group). */
export const COMMAND_SECTIONS = {
  Core: CORE_COMMANDS,
  Perception: PERCEPTION_TOOL_COMMANDS,
  "Deep perception (CDP)": DEEP_TOOL_COMMANDS,
  Interaction: INTERACTION_TOOL_COMMANDS,
  Uploads: UPLOAD_TOOL_COMMANDS,
  "Pointer, keyboard and images (CDP)": POINTER_TOOL_COMMANDS,
  "Tabs and browser data": TAB_TOOL_COMMANDS,
  Gatekeeper: GATEKEEPER_TOOL_COMMANDS,
  Diagnostics: DIAGNOSTICS_TOOL_COMMANDS,
  "Fetch and download": FETCH_TOOL_COMMANDS,
  Tasks: TASK_COMMANDS,
  Skills: SKILL_COMMANDS,
  "Browser-Use protocol": BROWSER_USE_COMMANDS,
  "&body.browser": BODY_BROWSER_COMMANDS,
} as const;

/** Every command the socket knows. Anything else answers unknown_command. */
export const COMMANDS = {
  ...CORE_COMMANDS,
  ...PERCEPTION_TOOL_COMMANDS,
  ...TAB_TOOL_COMMANDS,
  ...INTERACTION_TOOL_COMMANDS,
  ...UPLOAD_TOOL_COMMANDS,
  ...GATEKEEPER_TOOL_COMMANDS,
  ...DIAGNOSTICS_TOOL_COMMANDS,
  ...FETCH_TOOL_COMMANDS,
  ...POINTER_TOOL_COMMANDS,
  ...DEEP_TOOL_COMMANDS,
  ...TASK_COMMANDS,
  ...SKILL_COMMANDS,
  ...BROWSER_USE_COMMANDS,
  ...BODY_BROWSER_COMMANDS,
} as const satisfies Record<string, CommandSpec>;

export type CommandType = keyof typeof COMMANDS;
export type BrowserCommandType = Extract<CommandType, `browser.${string}`>;
export type CommandPayload<T extends CommandType> = z.output<(typeof COMMANDS)[T]["payload"]>;
export type CommandPayloadInput<T extends CommandType> = z.input<(typeof COMMANDS)[T]["payload"]>;
export type CommandResult<T extends CommandType> = z.output<(typeof COMMANDS)[T]["result"]>;

export function isCommandType(type: string): type is CommandType {
  return Object.hasOwn(COMMANDS, type);
}

const ALIASES: ReadonlyMap<string, CommandType> = new Map(
  Object.entries(COMMANDS).flatMap(([type, spec]) => {
    const prefix = type.slice(0, type.indexOf(".") + 1);
    return (spec as CommandSpec).aliases.map((alias) => [prefix + alias, type as CommandType] as const);
  }),
);

/** The command a type names, directly or through an alias (`browser.press_key` is `browser.press`). */
export function resolveCommandType(type: string): CommandType | undefined {
  return isCommandType(type) ? type : ALIASES.get(type);
}

/** Whether a command's payload takes `tabId`, i.e. it acts on one tab. */
export function isTabScoped(type: CommandType): boolean {
  const payload: z.ZodType = COMMANDS[type].payload;
  return payload instanceof z.ZodObject && "tabId" in payload.shape;
}
