import { z } from "zod";
import {
  ClickCountSchema,
  ModifiersSchema,
  MouseButtonSchema,
  RefSchema,
  ScrollDirectionSchema,
  TabIdSchema,
  tabScoped,
} from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { ActionEffectsSchema } from "./actionEffects.js";

/**
 * L2 (CDP) pointer, keyboard-hold and image tools, enough to
 * express Claude's browser toolset members left/right/middle/double/triple_click,
 * hover, mouse_move, left_click_drag, left_mouse_down/up, scroll at a point, hold_key,
 * screenshot and zoom.
 *
 * Coordinates are viewport CSS pixels, origin at the top left of the top frame's
 * viewport: the pixel space of a `browser.screenshot` whose `scale` is 1. Every image
 * result reports `clip` (the captured region, in viewport CSS px) and `scale` (image px
 * per CSS px), so an image pixel (ix, iy) is the viewport point
 * (clip.x + ix / scale, clip.y + iy / scale).
 */

/** The longest image side Claude's vision guidance recommends; larger captures are scaled down to it. */
export const DEFAULT_MAX_IMAGE_SIDE = 1568;
/** Chrome cannot rasterise a capture taller or wider than this. */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_HOLD_KEY_MS = 30_000;

const CoordinateSchema = z.number().finite().min(0).max(100_000);
export const ViewportPointSchema = z.strictObject({ x: CoordinateSchema, y: CoordinateSchema });
const ImageSideSchema = z.number().int().min(16).max(MAX_IMAGE_SIDE);

/** What lies under a point, read just before the pointer acts on it. */
export const PointTargetSchema = z.object({
  tag: z.string(),
  role: z.string().optional(),
  name: z.string().optional(),
});

const RegionSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const ImageResultSchema = z.object({
  tabId: TabIdSchema,
  mimeType: z.literal("image/png"),
  data: z.string(),
  /** PNG size in image pixels. */
  width: z.number().int(),
  height: z.number().int(),
  /** Image pixels per CSS pixel; below 1 when a large capture was scaled down to fit. */
  scale: z.number().positive(),
  /** The captured region in viewport CSS px (a full-page clip starts at -scrollX, -scrollY). */
  clip: RegionSchema,
  /** The top viewport's size in CSS px when the image was taken: the page's own, for mapping points. */
  viewport: z.object({ width: z.number(), height: z.number() }).optional(),
});

export const PointerScreenshotPayloadSchema = z.strictObject({
  ...tabScoped,
  /** The whole scrollable page instead of the viewport. */
  fullPage: z.boolean().optional(),
  /** Only this element's box (scrolled into view first when it is not fully visible). */
  ref: RefSchema.optional(),
  /** Resize so the image fits these bounds; both default to 1568. */
  maxWidth: ImageSideSchema.optional(),
  maxHeight: ImageSideSchema.optional(),
});

export const ZoomPayloadSchema = z.strictObject({
  x: CoordinateSchema,
  y: CoordinateSchema,
  width: z.number().finite().positive().max(100_000),
  height: z.number().finite().positive().max(100_000),
  /** Image px per CSS px; defaults to the largest of up to 4 that keeps the longest side within 1568. */
  scale: z.number().finite().min(0.1).max(10).optional(),
  ...tabScoped,
});

export const ClickXyPayloadSchema = z.strictObject({
  x: CoordinateSchema,
  y: CoordinateSchema,
  button: MouseButtonSchema.default("left"),
  count: ClickCountSchema.default(1),
  modifiers: ModifiersSchema.optional(),
  ...tabScoped,
});
export const ClickXyResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  x: z.number(),
  y: z.number(),
  button: MouseButtonSchema,
  count: z.number().int(),
  target: PointTargetSchema,
});

export const MouseMovePayloadSchema = z.strictObject({ x: CoordinateSchema, y: CoordinateSchema, ...tabScoped });
export const MouseButtonPayloadSchema = z.strictObject({
  /** Defaults to where the pointer last was on this tab. */
  x: CoordinateSchema.optional(),
  y: CoordinateSchema.optional(),
  button: MouseButtonSchema.optional(),
  ...tabScoped,
});
export const MouseResultSchema = z.object({
  tabId: TabIdSchema,
  x: z.number(),
  y: z.number(),
  /** Buttons still held after this call. */
  buttonsHeld: z.array(MouseButtonSchema),
  target: PointTargetSchema,
});

const DragEndSchema = z.union([z.strictObject({ ref: RefSchema }), ViewportPointSchema]);
export const DragPayloadSchema = z.strictObject({
  from: DragEndSchema,
  to: DragEndSchema,
  /** Intermediate pointer moves between press and release. */
  steps: z.number().int().min(1).max(100).default(10),
  /**
   * Where the drop lands when `to` is a ref: "on" its centre (in a sortable list, taking its
   * place), or "before"/"after" it, beside it along the drag's direction. Ignored for a point.
   */
  position: z.enum(["before", "on", "after"]).default("on"),
  ...tabScoped,
});
export const DragResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  from: z.object({ x: z.number(), y: z.number() }),
  to: z.object({ x: z.number(), y: z.number() }),
  /** "html5": the page started a native drag and got dragenter/dragover/drop; "pointer": press, moves, release. */
  mode: z.enum(["pointer", "html5"]),
  source: PointTargetSchema,
  target: PointTargetSchema,
});

export const ScrollXyPayloadSchema = z.strictObject({
  x: CoordinateSchema,
  y: CoordinateSchema,
  direction: ScrollDirectionSchema,
  /** Wheel distance in CSS px; a wheel notch is about 100 px. Default 300. */
  amount: z.number().positive().max(100_000).default(300),
  ...tabScoped,
});
export const ScrollXyResultSchema = z.object({
  tabId: TabIdSchema,
  x: z.number(),
  y: z.number(),
  deltaX: z.number(),
  deltaY: z.number(),
  target: PointTargetSchema,
});

export const HoldKeyPayloadSchema = z.strictObject({
  /** A key or chord as browser.press takes it: "Shift", "ArrowRight", "ctrl+a". */
  key: z.string().min(1).max(100),
  durationMs: z.number().int().min(0).max(MAX_HOLD_KEY_MS),
  ...tabScoped,
});
export const HoldKeyResultSchema = z.object({ tabId: TabIdSchema, key: z.string(), heldMs: z.number(), url: z.string() });

export const POINTER_TOOL_COMMANDS = {
  "browser.zoom": command({
    payload: ZoomPayloadSchema,
    result: ImageResultSchema,
    handledBy: "extension",
    group: "input",
    description:
      "A PNG of a viewport region at up to 4x. Use it to read small print.\n\n`scale` sets the zoom; `clip` and `scale` map image pixels back as for screenshots.",
    example: { x: 0, y: 0, width: 400, height: 300, scale: 2 },
    level: "L2",
    effects: "read",
    cli: { output: "image" },
  }),
  "browser.click_xy": command({
    payload: ClickXyPayloadSchema,
    result: ClickXyResultSchema,
    handledBy: "extension",
    group: "input",
    description:
      "A trusted click at viewport pixels (x, y). Use it only when no ref names the target.\n\nCoordinates are viewport CSS pixels: {tabId, x, y, button, count, target: {tag, role?, name?}, ...effects}. The element under the point is judged by the gatekeeper.",
    example: { x: 100, y: 60 },
    level: "L2",
    effects: "write",
    intent: "points",
    cli: { positionals: ["x", "y"] },
  }),
  "browser.mouse_move": command({
    payload: MouseMovePayloadSchema,
    result: MouseResultSchema,
    handledBy: "extension",
    group: "input",
    description: "Moves the pointer to (x, y), carrying held buttons.\n\nAnswers {tabId, x, y, buttonsHeld, target}.",
    example: { x: 200, y: 120 },
    level: "L2",
    effects: "write",
    cli: { positionals: ["x", "y"] },
  }),
  "browser.mouse_down": command({
    payload: MouseButtonPayloadSchema,
    result: MouseResultSchema,
    handledBy: "extension",
    group: "input",
    description: "Presses a mouse button at (x, y) or where the pointer is.\n\nAnswers {tabId, x, y, buttonsHeld, target}.",
    example: { x: 200, y: 120, button: "left" },
    level: "L2",
    effects: "write",
    cli: { positionals: ["x", "y"] },
  }),
  "browser.mouse_up": command({
    payload: MouseButtonPayloadSchema,
    result: MouseResultSchema,
    handledBy: "extension",
    group: "input",
    description: "Releases a held mouse button.\n\nAnswers {tabId, x, y, buttonsHeld, target}; with nothing held, bad_request.",
    example: { x: 260, y: 120 },
    level: "L2",
    effects: "write",
    intent: "points",
    cli: { positionals: ["x", "y"] },
  }),
  "browser.drag": command({
    payload: DragPayloadSchema,
    result: DragResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Drags from a ref or point to a ref or point (drag and drop, sliders, reordering).\n\nHTML5 drag and drop (CDP drag interception) or a pointer drag that lifts past drag thresholds, moves in steps and rests at the target before the release; a native drag hovers there with repeated dragover, as a held drag does, until the page settles. `position` (before, on, after; default on) says where the drop lands beside a `to` ref: in a sortable list, on takes the target's place and before/after put the item beside it. Answers {tabId, from, to, mode, source, target, ...effects}.",
    example: { from: { ref: "sk4m9_1_3" }, to: { x: 400, y: 300 } },
    level: "L2",
    effects: "write",
    intent: "points",
  }),
  "browser.scroll_xy": command({
    payload: ScrollXyPayloadSchema,
    result: ScrollXyResultSchema,
    handledBy: "extension",
    group: "input",
    description: "A mouse wheel at (x, y). Use it for canvases and maps.\n\nAnswers {tabId, x, y, deltaX, deltaY, target}.",
    example: { x: 300, y: 400, direction: "down", amount: 300 },
    level: "L2",
    effects: "write",
    cli: { positionals: ["x", "y", "direction"] },
  }),
  "browser.hold_key": command({
    payload: HoldKeyPayloadSchema,
    result: HoldKeyResultSchema,
    handledBy: "extension",
    group: "input",
    description: "Holds a key or chord down for durationMs, then releases it.\n\nAnswers {tabId, key, heldMs, url}.",
    example: { key: "Shift", durationMs: 500 },
    level: "L2",
    effects: "write",
    intent: "submits",
    cli: { positionals: ["key", "durationMs"] },
  }),
} as const satisfies Record<string, CommandSpec>;
