import { COMMANDS, leadParagraph, type CliOutput, type CommandSpec, type CommandType } from "../../protocol/index.js";
import type { FlagTable } from "./argv.js";
import { payloadFields, type PayloadField } from "./payloadFields.js";

/** A flag of one verb: it fills a payload field, or (a switch) sets fixed fields. */
export interface VerbFlag {
  flag: string;
  kind: "value" | "switch";
  field?: PayloadField;
  sets?: Readonly<Record<string, unknown>>;
}

/** A CLI verb, derived whole from its command's protocol/ entry. */
export interface CommandVerb {
  /** What people type: `read-page`, or `tasks list` for the tasks namespace. */
  name: string;
  /** Every accepted spelling: the name, its snake_case form, and the command's aliases. */
  spellings: readonly string[];
  type: CommandType;
  spec: CommandSpec;
  positionals: readonly PayloadField[];
  flags: readonly VerbFlag[];
  output: CliOutput;
}

/** tabId is the global --tab; a field may not reuse a global option's name. */
const GLOBAL_FIELDS = new Set(["tabId"]);

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/_/g, "-");

function verbName(type: CommandType): string {
  const [namespace, name = ""] = type.split(".");
  if (namespace === "browser" || namespace === "bridge") return kebab(name);
  return `${namespace} ${kebab(name)}`;
}

function deriveVerb(type: CommandType): CommandVerb {
  const spec: CommandSpec = COMMANDS[type];
  const fields = payloadFields(spec.payload);
  const positionalNames = spec.cli.positionals ?? [];
  const positionals = positionalNames.map((name) => {
    const field = fields.find((each) => each.name === name);
    if (!field) throw new Error(`${type}: positional "${name}" is not a payload field`);
    return field;
  });
  const flags: VerbFlag[] = fields
    .filter((field) => !GLOBAL_FIELDS.has(field.name) && !positionalNames.includes(field.name))
    .map((field) => ({
      flag: spec.cli.flagNames?.[field.name] ?? kebab(field.name),
      kind: field.kind === "boolean" ? "switch" : "value",
      field,
    }));
  for (const [flag, sets] of Object.entries(spec.cli.switches ?? {})) flags.push({ flag, kind: "switch", sets });
  const output = spec.cli.output ?? "json";
  // Images go to a file; -o names it.
  if (output === "image") flags.push({ flag: "output", kind: "value" });
  const name = verbName(type);
  const prefix = name.includes(" ") ? `${name.split(" ")[0]} ` : "";
  const spellings = [name, name.replace(/-/g, "_"), ...spec.aliases.flatMap((alias) => [prefix + kebab(alias), prefix + alias])];
  return { name, spellings: [...new Set(spellings)], type, spec, positionals, flags, output };
}

export const COMMAND_VERBS: readonly CommandVerb[] = (Object.keys(COMMANDS) as CommandType[]).map(deriveVerb);

export function findCommandVerb(words: readonly string[]): CommandVerb | undefined {
  const [first = "", second = ""] = words;
  return COMMAND_VERBS.find((verb) => verb.spellings.includes(first) || verb.spellings.includes(`${first} ${second}`));
}

/** How many leading words name a verb: one, or two in a namespace such as `tasks list`. */
export function verbWordCount(verb: CommandVerb): number {
  return verb.name.split(" ").length;
}

export function verbFlagTable(verb: CommandVerb): FlagTable {
  return Object.fromEntries(verb.flags.map((flag) => [flag.flag, flag.kind]));
}

function placeholder(field: PayloadField): string {
  return kebab(field.name).toUpperCase().replace(/-/g, "_");
}

/** `click REF [--button V] ...`: optional positionals in brackets. */
export function verbSynopsis(verb: CommandVerb, withFlags: boolean): string {
  const words = verb.positionals.map((field) => (field.required ? placeholder(field) : `[${placeholder(field)}]`));
  const flags = withFlags
    ? verb.flags.map((flag) =>
        flag.kind === "switch" ? `[--${flag.flag}]` : `[--${flag.flag} ${flag.field ? placeholder(flag.field) : "FILE"}]`,
      )
    : verb.flags.length > 0
      ? ["[options]"]
      : [];
  return [verb.name, ...words, ...flags].join(" ");
}

function shellWord(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The protocol entry's example payload, spelled as a command line. */
export function verbExample(verb: CommandVerb): string {
  const example = verb.spec.example as Record<string, unknown>;
  const words = ["weboperator", ...verb.name.split(" ")];
  for (const field of verb.positionals) if (example[field.name] !== undefined) words.push(shellWord(example[field.name]));
  for (const flag of verb.flags) {
    const value = flag.field === undefined ? undefined : example[flag.field.name];
    if (value === undefined) continue;
    if (flag.kind === "switch") words.push(value === true || value === "true" ? `--${flag.flag}` : `--${flag.flag}=false`);
    else if (Array.isArray(value) && flag.field?.kind === "string-list")
      for (const item of value) words.push(`--${flag.flag}`, shellWord(item));
    else words.push(`--${flag.flag}`, shellWord(Array.isArray(value) && flag.field?.kind === "number-list" ? value.join(",") : value));
  }
  if (typeof example.tabId === "number") words.push("--tab", String(example.tabId));
  return words.join(" ");
}

/** The description's lead paragraph (what it does, when to use it), for one-line listings. */
export function verbSummary(verb: CommandVerb): string {
  return leadParagraph(verb.spec.description);
}
