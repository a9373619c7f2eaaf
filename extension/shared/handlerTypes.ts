/**
 * Event types whose handlers make an element something a user clicks, right-clicks or types
 * into. A set of them travels as a bit mask: bit i is HANDLER_TYPES[i].
 *
 * The key readers below run in the page's MAIN world too, after page scripts may have
 * replaced String.prototype and Array.prototype: they use only string indexing,
 * concatenation and prototype-less tables, which no page can reach.
 */
export const HANDLER_TYPES = [
  "click",
  "dblclick",
  "auxclick",
  "contextmenu",
  "mousedown",
  "mouseup",
  "pointerdown",
  "pointerup",
  "touchstart",
  "touchend",
  "keydown",
  "keyup",
  "keypress",
] as const;

export type HandlerType = (typeof HANDLER_TYPES)[number];
type BitTable = Record<string, number | undefined>;

/** Type → bit, prototype-less. Build it before page scripts run when the MAIN world uses it. */
export function handlerBitTable(): BitTable {
  const table = Object.create(null) as BitTable;
  HANDLER_TYPES.forEach((type, index) => {
    table[type] = 1 << index;
  });
  return table;
}

const BITS = handlerBitTable();
const LOWER_CASE = (() => {
  const table = Object.create(null) as Record<string, string | undefined>;
  const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const lower = "abcdefghijklmnopqrstuvwxyz";
  for (let index = 0; index < upper.length; index++) table[upper[index] as string] = lower[index];
  return table;
})();
/** Modifiers frameworks append to a handler's name: React's Capture, Vue's Once and Passive. */
const NAME_SUFFIXES = ["capture", "once", "passive"];
/** React says DoubleClick where the DOM says dblclick. */
const RENAMED: Record<string, string | undefined> = Object.assign(Object.create(null) as Record<string, string | undefined>, {
  doubleclick: "dblclick",
});
/** Keys that are a type as it is, or with Preact's capture flag (`clickfalse`): one lookup, as most keys of a bag are props. */
const BARE_KEYS = (() => {
  const table = Object.create(null) as BitTable;
  for (const type of HANDLER_TYPES) {
    for (const flag of ["", "true", "false"]) table[type + flag] = BITS[type];
  }
  return table;
})();

/**
 * The bit of a handler bag's key: `onClick`, `onContextMenu`, `onDoubleClick`,
 * `onKeyDownCapture` (React, Vue, Inferno), `clickfalse` (Preact), `click` (Svelte 5).
 * 0 for any other key.
 */
export function handlerKeyBit(key: string): number {
  const bare = BARE_KEYS[key];
  if (bare !== undefined) return bare;
  if (!(key.length > 2 && key[0] === "o" && key[1] === "n" && LOWER_CASE[key[2] as string] !== undefined)) return 0;
  let type = "";
  for (let index = 2; index < key.length; index++) {
    const character = key[index] as string;
    type += LOWER_CASE[character] ?? character;
  }
  // Until none is left: Vue stacks them in any order (onClickCaptureOnce).
  for (let index = 0; index < NAME_SUFFIXES.length; index++) {
    const shorter = withoutSuffix(type, NAME_SUFFIXES[index] as string);
    if (shorter !== type) index = -1;
    type = shorter;
  }
  return BITS[RENAMED[type] ?? type] ?? 0;
}

/** The bit of a handler kept as a property of its element behind underscores or dollars: Svelte 5's `__click`, Solid's `$$click`. */
export function handlerPropertyBit(key: string): number {
  let start = 0;
  while (start < key.length && (key[start] === "_" || key[start] === "$")) start++;
  if (start === 0) return 0;
  let type = "";
  for (let index = start; index < key.length; index++) type += key[index] as string;
  return BITS[type] ?? 0;
}

function withoutSuffix(text: string, suffix: string): string {
  const cut = text.length - suffix.length;
  if (cut <= 0) return text;
  for (let index = 0; index < suffix.length; index++) if (text[cut + index] !== suffix[index]) return text;
  let kept = "";
  for (let index = 0; index < cut; index++) kept += text[index] as string;
  return kept;
}

export function handlerTypesOf(mask: number): HandlerType[] {
  return HANDLER_TYPES.filter((_, index) => (mask & (1 << index)) !== 0);
}

const LEFT_CLICK_TYPES: ReadonlySet<HandlerType> = new Set([
  "click",
  "mousedown",
  "mouseup",
  "pointerdown",
  "pointerup",
  "touchstart",
  "touchend",
]);
const KEY_TYPES: ReadonlySet<HandlerType> = new Set(["keydown", "keyup", "keypress"]);

/**
 * The types worth printing on a target's line: the ones a plain left click does not reach.
 * A right-click or double-click handler is named always; key handlers only where they are
 * the reason for the ref and nothing takes a click, so the agent knows to focus and press
 * keys (a text field's key listeners say nothing new).
 */
export function typesWorthSaying(mask: number, handlerIsTheReason: boolean): HandlerType[] {
  const types = handlerTypesOf(mask);
  const keysOnly = handlerIsTheReason && !types.some((type) => LEFT_CLICK_TYPES.has(type));
  return types.filter((type) => type === "contextmenu" || type === "dblclick" || (keysOnly && KEY_TYPES.has(type)));
}
