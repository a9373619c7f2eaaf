import { ActionEffectsSchema, NO_EFFECT_HINT, type ActionEffects, type DialogRecord } from "../../protocol/index.js";
import { withoutImpliedOptionLines } from "./impliedOptionLines.js";
import { ownFieldsText, pageFieldLines, splitResultFields } from "./resultFields.js";
import { firstLookOf, firstLookOwnLine } from "./firstLookText.js";
import { filledFieldsLine, nothingToFill } from "./filledFieldsText.js";

/**
 * A write action's answer as the model needs it: what changed, not the page again, or, when
 * it loaded a new document, that document's first look (about 1,500 tokens), so the agent
 * spends no turn only to look.
 */
export const ACTION_SUMMARY_MAX_CHARS = 5_000;

/** What the summary keeps out of structured content too: the page text and its ref list. */
export interface ActionSummary {
  /** Our own facts for the first line: the target's role and ref, the input used, what was recovered. */
  headline: string;
  /** Our own lines (the effect, what to call next), outside the page-data marking. */
  ownLines: string[];
  /** Lines that carry page text (the target's name, URLs, dialogs, the diff), for inside the marking. */
  pageLines: string[];
  structured: Record<string, unknown>;
}

/** Fields the summary renders itself; the rest of a result (value, selected, files, input, ...) goes out by who wrote it. */
const RENDERED_FIELDS = new Set([
  "navigated",
  "url",
  "tab_created",
  "dialogs",
  "settled",
  "observation",
  "engine",
  "download_started",
  "download_updates",
  "target",
  "ref",
  "effect",
  "tabId",
  "first_look",
  "fields",
  "submitted",
]);

export function summarizeAction(result: Record<string, unknown>): ActionSummary | null {
  if (!("observation" in result)) return null;
  const parsed = ActionEffectsSchema.safeParse(result);
  if (!parsed.success) return null;
  const effects = parsed.data;
  const { own, page } = splitResultFields(result, RENDERED_FIELDS);
  const look = effects.navigated ? firstLookOf(result) : null;
  const pageLines = [
    ...targetNameLines(result, effects),
    // A first look's header says where the tab is now.
    ...(look === null ? navigationLines(effects) : tabCreatedLines(effects)),
    ...dialogLines(effects),
    ...downloadLines(effects),
    ...pageFieldLines(
      page
        .filter((field) => !shownInDiff(field, result, effects))
        .map(([key, value]) => [key, key === "selected" ? selectedText(value) : value]),
    ),
  ];
  const { lines: changeLines, omitted } = changedLines(effects);
  pageLines.push(...changeLines);
  if (look !== null) pageLines.push(...(look.dialogs ?? []).map(dialogLine), look.text);
  return {
    headline: [targetOwnText(result), ownFieldsText(own.filter(([, value]) => value !== false))].filter((part) => part !== "").join(" "),
    ownLines: ownLinesOf(result, effects, omitted),
    pageLines,
    structured: structuredOf(result, effects),
  };
}

function ownLinesOf(result: Record<string, unknown>, effects: ActionEffects, omittedLines: number): string[] {
  const lines: string[] = [];
  const effect = result.effect;
  const fields = filledFieldsLine(result);
  if (fields !== null) lines.push(fields);
  if (nothingToFill(result)) lines.push("Every field already was as asked: nothing was set.");
  else if (typeof effect === "string") lines.push(effectLine(effect));
  if (effects.observation === null) lines.push("The page could not be read after the action; call snapshot if you need it.");
  else if (effects.navigated) {
    const look = firstLookOf(result);
    lines.push(
      look === null ? "The tab went to a new document: its old refs are gone; call snapshot to see it." : firstLookOwnLine(look, true),
    );
  } else if (effects.observation.diff === "") lines.push("changes: none in the page's text");
  else if (omittedLines > 0) lines.push(`${omittedLines} more changed lines are not shown; call snapshot for the whole page.`);
  if (effects.tab_created) lines.push(`A new tab opened (tabId ${effects.tab_created.tabId}); call snapshot with that tabId to see it.`);
  return lines;
}

function effectLine(effect: string): string {
  if (effect === "none") return `Effect: none — ${NO_EFFECT_HINT}`;
  return `Effect: ${effect}`;
}

/** The target's role (computed by WebOperator) and the ref the agent gave: ours. */
function targetOwnText(result: Record<string, unknown>): string {
  const target = result.target;
  const ref = typeof result.ref === "string" ? `[ref=${result.ref}]` : "";
  if (typeof target !== "object" || target === null) return ref;
  const { role } = target as { role?: unknown };
  return [typeof role === "string" ? role : "element", ref].filter((part) => part !== "").join(" ");
}

/** The target's accessible name (the page's words), unless a line of the diff names it already by its ref. */
function targetNameLines(result: Record<string, unknown>, effects: ActionEffects): string[] {
  const target = result.target;
  if (typeof target !== "object" || target === null) return [];
  if (typeof result.ref === "string" && effects.observation?.diff.includes(`[ref=${result.ref}]`) === true) return [];
  const { name } = target as { name?: unknown };
  return typeof name === "string" ? [`target: ${JSON.stringify(name)}`] : [];
}

/**
 * A typed value or a picked option that the diff already shows on the target's own line
 * (`[value="Ada Lovelace"]`): said once is enough. Where the diff shows it otherwise (a
 * password, a label that differs) the field stays.
 */
function shownInDiff([key, value]: [string, unknown], result: Record<string, unknown>, effects: ActionEffects): boolean {
  const { ref } = result;
  const diff = effects.observation?.diff;
  if (diff === undefined || effects.navigated || typeof ref !== "string") return false;
  const values = shownValues(key, value);
  if (values.length === 0) return false;
  const targetLines = diff.split("\n").filter((line) => line.startsWith("+") && line.includes(`[ref=${ref}]`));
  return values.every((shown) => targetLines.some((line) => line.includes(`[value=${JSON.stringify(shown)}]`)));
}

/** The strings a snapshot shows as a field's `[value=…]`: a typed text, or each picked option's label. None for anything else. */
function shownValues(key: string, value: unknown): string[] {
  if (key === "value") return typeof value === "string" ? [value] : [];
  if (key !== "selected" || !Array.isArray(value)) return [];
  const labels = value.map((option: { label?: unknown }) => option.label);
  return labels.every((label): label is string => typeof label === "string") ? labels : [];
}

/** select_option's options as a model reads them: `"4"`, or `"Four" (value "4")` where they differ. */
function selectedText(selected: unknown): unknown {
  if (!Array.isArray(selected)) return selected;
  return selected
    .map((option: { value?: unknown; label?: unknown }) =>
      option.label === option.value
        ? JSON.stringify(option.label)
        : `${JSON.stringify(option.label)} (value ${JSON.stringify(option.value)})`,
    )
    .join(", ");
}

/** The URL only when it changed: an action that stays on the page has nothing new to say about where it is. */
function navigationLines(effects: ActionEffects): string[] {
  return [...(effects.navigated ? [`url: ${effects.url} (navigated)`] : []), ...tabCreatedLines(effects)];
}

function tabCreatedLines(effects: ActionEffects): string[] {
  return effects.tab_created ? [`new tab ${effects.tab_created.tabId}: ${effects.tab_created.url}`] : [];
}

function dialogLines(effects: ActionEffects): string[] {
  return effects.dialogs.map(dialogLine);
}

/** One dialog the page raised, as a page line (its message is the page's text). */
export function dialogLine(dialog: DialogRecord): string {
  return `dialog ${dialog.type}: ${JSON.stringify(dialog.message)} (answered: ${dialog.answered})`;
}

function downloadLines(effects: ActionEffects): string[] {
  return [...(effects.download_started ?? []), ...(effects.download_updates ?? [])].map(
    (download) => `download: ${JSON.stringify(download)}`,
  );
}

/**
 * The diff's lines, up to the budget. A navigation's diff would be a whole new page, so it
 * is left to the snapshot the agent asks for.
 */
function changedLines(effects: ActionEffects): { lines: string[]; omitted: number } {
  const diff = effects.observation?.diff ?? "";
  if (effects.navigated || diff === "") return { lines: [], omitted: 0 };
  const all = withoutImpliedOptionLines(diff.split("\n").filter((line) => line !== ""));
  // The lines' own `+ ` and `- ` say which were added and which removed.
  const lines = ["changes:"];
  let used = lines[0]?.length ?? 0;
  let shown = 0;
  for (const line of all) {
    if (used + line.length + 1 > ACTION_SUMMARY_MAX_CHARS) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  return { lines, omitted: all.length - shown };
}

function structuredOf(result: Record<string, unknown>, effects: ActionEffects): Record<string, unknown> {
  const { observation: _observation, ...rest } = result;
  if (effects.observation === null) return { ...rest, observation: null };
  const { text: _text, interactiveRefs: _refs, ...observation } = effects.observation;
  return { ...rest, observation: { ...observation, diff: observation.diff.slice(0, ACTION_SUMMARY_MAX_CHARS) } };
}
