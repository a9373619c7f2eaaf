import { ToolError } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type { BetaBrowserClickTarget, BetaBrowserCoordinateTarget } from "@anthropic-ai/sdk/resources/beta";

/**
 * Input checks the SDK leaves to the executor ("stated to Claude, not enforced by the
 * API"): each failure is an error result the model can correct.
 */
export function requireText(value: unknown, field: string, max = 100_000): string {
  if (typeof value !== "string" || value.length === 0) throw new ToolError(`${field} must be a non-empty string.`);
  if (value.length > max) throw new ToolError(`${field} is longer than ${max} characters.`);
  return value;
}

export function requireNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max)
    throw new ToolError(`${field} must be a number from ${min} to ${max}.`);
  return value;
}

export function optionalInt(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw new ToolError(`${field} must be an integer from ${min} to ${max}.`);
  return value;
}

export function requireCoordinate(target: unknown, field: string): BetaBrowserCoordinateTarget {
  if (typeof target !== "object" || target === null || (target as { type?: unknown }).type !== "coordinate") {
    throw new ToolError(`${field} must be {"type": "coordinate", "x": …, "y": …}.`);
  }
  const point = target as BetaBrowserCoordinateTarget;
  requireNumber(point.x, `${field}.x`, 0, 100_000);
  requireNumber(point.y, `${field}.y`, 0, 100_000);
  return point;
}

export function requireRefTarget(target: unknown, field: string): string {
  if (typeof target !== "object" || target === null || (target as { type?: unknown }).type !== "ref") {
    throw new ToolError(`${field} must be {"type": "ref", "ref": "ref_N"} with a ref from read_page or find.`);
  }
  return requireText((target as { ref?: unknown }).ref, `${field}.ref`, 40);
}

export function requireClickTarget(target: unknown): BetaBrowserClickTarget {
  const type = typeof target === "object" && target !== null ? (target as { type?: unknown }).type : undefined;
  if (type === "ref") return { type: "ref", ref: requireRefTarget(target, "target") };
  if (type === "coordinate") return requireCoordinate(target, "target");
  throw new ToolError('target must be {"type": "ref", "ref": "ref_N"} or {"type": "coordinate", "x": …, "y": …}.');
}

/** "ctrl+shift" → ["Control", "Shift"]; the names our pointer tools take. */
export function modifierList(chord: unknown): string[] | undefined {
  if (chord === undefined || chord === null || chord === "") return undefined;
  if (typeof chord !== "string") throw new ToolError('modifiers must be a chord such as "shift" or "ctrl+shift".');
  const names: Record<string, string> = {
    shift: "Shift",
    ctrl: "Control",
    control: "Control",
    alt: "Alt",
    option: "Alt",
    cmd: "Meta",
    meta: "Meta",
    command: "Meta",
    super: "Meta",
  };
  return chord.split("+").map((part) => {
    const name = names[part.trim().toLowerCase()];
    if (name === undefined) throw new ToolError(`Unknown modifier "${part}"; use shift, ctrl, alt or cmd.`);
    return name;
  });
}

/** The navigate member's URL rules: only http(s) pages a model may be sent to, never javascript:, file: or chrome: URLs. */
export function normalizeUrl(raw: string): string {
  const trimmed = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ToolError(`"${raw}" is not a URL. Give an http or https URL, or "back", "forward" or "reload".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolError(`Refused: only http and https URLs can be opened, not ${url.protocol}`);
  return url.href;
}
