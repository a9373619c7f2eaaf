import { ScrollDirectionSchema, type CommandType } from "../../protocol/index.js";
import { integerFlag, parseNonNegativeInteger, stringFlag, type FlagName, type FlagValues } from "./argv.js";
import { UsageError } from "./usageError.js";

/** How a verb's result is shown when --json is not given. */
export type OutputStyle = "json" | "snapshot" | "extract" | "screenshot";

export interface BrowserVerb {
  name: string;
  type: CommandType;
  synopsis: string;
  summary: string;
  example: string;
  flags: readonly FlagName[];
  positionals: { min: number; max: number };
  output: OutputStyle;
  payload(args: readonly string[], flags: FlagValues): Record<string, unknown>;
}

/** Drops keys whose value is undefined so strict payload schemas only see what was given. */
function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

function scrollDirection(text: string): string {
  const parsed = ScrollDirectionSchema.safeParse(text.toLowerCase());
  if (!parsed.success) throw new UsageError(`scroll direction must be one of ${ScrollDirectionSchema.options.join(", ")}, got "${text}"`);
  return parsed.data;
}

export const BROWSER_VERBS: readonly BrowserVerb[] = [
  {
    name: "health",
    type: "bridge.health",
    synopsis: "health",
    summary: "bridge and extension status",
    example: "weboperator health",
    flags: [],
    positionals: { min: 0, max: 0 },
    output: "json",
    payload: () => ({}),
  },
  {
    name: "snapshot",
    type: "browser.snapshot",
    synopsis: "snapshot [--max-chars N]",
    summary: "accessibility snapshot of the tab, with refs",
    example: "weboperator snapshot --max-chars 20000",
    flags: ["max-chars"],
    positionals: { min: 0, max: 0 },
    output: "snapshot",
    payload: (_args, flags) => defined({ maxChars: integerFlag(flags, "max-chars") }),
  },
  {
    name: "navigate",
    type: "browser.navigate",
    synopsis: "navigate URL",
    summary: "open URL in the tab",
    example: "weboperator navigate https://example.com",
    flags: [],
    positionals: { min: 1, max: 1 },
    output: "json",
    payload: ([url]) => ({ url }),
  },
  {
    name: "click",
    type: "browser.click",
    synopsis: "click REF",
    summary: "click the element a snapshot named REF",
    example: "weboperator click sk4m9_1_12",
    flags: [],
    positionals: { min: 1, max: 1 },
    output: "json",
    payload: ([ref]) => ({ ref }),
  },
  {
    name: "type",
    type: "browser.type",
    synopsis: "type REF TEXT [--append] [--submit]",
    summary: "replace (or append to) a field's text, optionally pressing Enter",
    example: 'weboperator type sk4m9_1_4 "hello world" --submit',
    flags: ["append", "submit"],
    positionals: { min: 2, max: 2 },
    output: "json",
    payload: ([ref, text], flags) => ({
      ref,
      text,
      mode: flags.append === true ? "append" : "replace",
      submit: flags.submit === true,
    }),
  },
  {
    name: "press",
    type: "browser.press",
    synopsis: "press KEY [REF]",
    summary: "press a key, on REF or on whatever has focus",
    example: "weboperator press Enter sk4m9_1_4",
    flags: [],
    positionals: { min: 1, max: 2 },
    output: "json",
    payload: ([key, ref]) => defined({ key, ref }),
  },
  {
    name: "scroll",
    type: "browser.scroll",
    synopsis: "scroll DIR [AMOUNT] [--ref REF]",
    summary: "scroll the page (or REF) up, down, left or right by AMOUNT pixels",
    example: "weboperator scroll down 600",
    flags: ["ref"],
    positionals: { min: 1, max: 2 },
    output: "json",
    payload: ([direction, amount], flags) =>
      defined({
        direction: scrollDirection(direction ?? ""),
        amount: amount === undefined ? undefined : parseNonNegativeInteger(amount, "AMOUNT"),
        ref: stringFlag(flags, "ref"),
      }),
  },
  {
    name: "screenshot",
    type: "browser.screenshot",
    synopsis: "screenshot [-o FILE.png]",
    summary: "save a PNG of the tab (default ./screenshot-<timestamp>.png)",
    example: "weboperator screenshot -o page.png",
    flags: ["output"],
    positionals: { min: 0, max: 0 },
    output: "screenshot",
    payload: () => ({}),
  },
  {
    name: "extract",
    type: "browser.extract",
    synopsis: "extract [--ref REF] [--from N]",
    summary: "visible text of the page (or REF), one page at a time",
    example: "weboperator extract --from 8000",
    flags: ["ref", "from"],
    positionals: { min: 0, max: 0 },
    output: "extract",
    payload: (_args, flags) => defined({ ref: stringFlag(flags, "ref"), fromChar: integerFlag(flags, "from") }),
  },
];

export function findBrowserVerb(name: string): BrowserVerb | undefined {
  return BROWSER_VERBS.find((verb) => verb.name === name);
}
