import type { PanelStep } from "../../protocol/index.js";
import type { StepRow } from "../tasks/taskRows.js";

/** Steps of a live task the panel shows: the latest ones are what a person follows. */
const LIVE_STEPS = 12;

/**
 * A task's latest steps as the panel shows them: what each acted on (the step's locator
 * in its trace edge) and, for the newest screenshot among them, the image itself.
 */
export function panelSteps(rows: StepRow[]): PanelStep[] {
  const latest = rows.slice(-LIVE_STEPS);
  const images = latest.map(imageOf);
  let shotIndex = -1;
  images.forEach((image, at) => {
    if (image !== null) shotIndex = at;
  });
  return latest.map((row, at) => ({
    index: row.idx,
    action: row.action,
    ok: row.ok === 1,
    summary: row.summary.slice(0, 300),
    errorCode: row.error_code,
    target: locatorOf(row),
    thumbnail: at === shotIndex ? (images[at] ?? null) : null,
  }));
}

function locatorOf(row: StepRow): PanelStep["target"] {
  if (row.edge === null) return null;
  type Located = { locator?: { role?: unknown; name?: unknown } | null };
  const edge = safeJson(row.edge) as { tool?: Located; typed_action?: Located } | null;
  // Steps stored before edges took the InteractionTrace shape kept the model's target under typed_action.
  const locator = edge?.tool?.locator ?? edge?.typed_action?.locator;
  if (typeof locator?.role !== "string" || typeof locator.name !== "string") return null;
  return { role: locator.role, name: locator.name };
}

/** The data: URL of a screenshot step's image: {data, mediaType} (toolset members) or {data, mimeType} (browser.screenshot). */
function imageOf(row: StepRow): string | null {
  if (row.result === null || !/"m(?:edia|ime)Type":"image\//.test(row.result)) return null;
  const result = safeJson(row.result) as { mimeType?: unknown; mediaType?: unknown; data?: unknown } | null;
  const type = result?.mediaType ?? result?.mimeType;
  if (typeof type !== "string" || typeof result?.data !== "string" || !type.startsWith("image/")) return null;
  return `data:${type};base64,${result.data}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
