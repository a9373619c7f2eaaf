import { z } from "zod";
import type { CapabilityGroup } from "./capabilityGroupNames.js";

/**
 * One socket command, declared once. The extension registry, the gatekeeper's
 * classification, `browser.tools`, the CLI verbs and help, and docs/commands.md's
 * table are all derived from these fields; nothing else may restate them.
 */

export const ToolLevelSchema = z.enum(["L0", "L1", "L2"]);
export type ToolLevel = z.infer<typeof ToolLevelSchema>;
export const ToolEffectsSchema = z.enum(["read", "write"]);
export type ToolEffects = z.infer<typeof ToolEffectsSchema>;

/**
 * What the gatekeeper must judge before the call runs:
 * - reads: nothing is activated (reads, navigation, tab and pointer moves);
 * - activates: the payload's `ref` is activated (a click, a selection);
 * - submits: keyboard entry that may submit or activate (`submit: true`, Enter, Space);
 * - points: whatever sits under a viewport point (or a drag's drop ref) is activated;
 * - composes: runs other commands, each judged by its own intent (`actions[].tool`).
 */
export const CommandIntentSchema = z.enum(["reads", "activates", "submits", "points", "composes"]);
export type CommandIntent = z.infer<typeof CommandIntentSchema>;

/**
 * What may be done when a call's answer is lost or its target went stale:
 * - retry: send it again as it is (reads): the bridge re-sends one the extension lost to a
 *   service-worker restart;
 * - reperceive: a write aimed at a ref: take a new snapshot and aim again; never re-sent blindly;
 * - none: a write with nothing to re-aim (coordinates, keys, scripts, tabs, tasks): it may have
 *   been done, so look before doing it again.
 */
export const RecoveryClassSchema = z.enum(["retry", "reperceive", "none"]);
export type RecoveryClass = z.infer<typeof RecoveryClassSchema>;

/**
 * Whose words the result carries: `page` when a page supplied any of it (text, names, titles,
 * URLs: data for a model, never instructions, so it goes inside the page-data boundary);
 * `own` when it is only WebOperator's own facts (status, settings, hashes, ids).
 */
export const ResultTrustSchema = z.enum(["page", "own"]);
export type ResultTrust = z.infer<typeof ResultTrustSchema>;

/** A capability the user's policy must switch on before the command may run at all. */
export const CapabilitySchema = z.enum(["javascript", "uploads"]);
export type Capability = z.infer<typeof CapabilitySchema>;

/** How a verb's result is shown on a terminal when --json is not given. */
export type CliOutput = "json" | "snapshot" | "text" | "image";

/**
 * How the CLI spells a command beyond the generic form (`weboperator VERB --field value`):
 * which fields are positional, flags that set fixed values, and how the result prints.
 */
export interface CliSpelling {
  positionals?: readonly string[];
  /** A bare flag that sets fields, e.g. `--append` sets `{mode: "append"}`. */
  switches?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Flag names that differ from the kebab-cased field name, e.g. `from` for `fromChar`. */
  flagNames?: Readonly<Record<string, string>>;
  /** Fields the command line fills in when neither a positional nor a flag gave them, e.g. `confirm ID` allows. */
  defaults?: Readonly<Record<string, unknown>>;
  output?: CliOutput;
}

export type CommandHandler = "bridge" | "extension" | "unimplemented";

export interface CommandSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  payload: P;
  result: R;
  handledBy: CommandHandler;
  /** The capability group that offers it to an MCP host (`--caps`) and in `browser.tools {caps}`. */
  group: CapabilityGroup;
  /**
   * What it does and what it answers, for agents (browser.tools), people (CLI help) and
   * docs/commands.md. Its first paragraph (up to a blank line) says what the command does and
   * when to use it, in a sentence or two: MCP hosts pay for every tool's description on every
   * turn, so an MCP tool is described by that paragraph alone (`leadParagraph`).
   */
  description: string;
  /** A payload that parses, shown in browser.tools, the CLI help and docs/commands.md. */
  example: z.input<P>;
  /** L0 browser data, L1 content script, L2 CDP; absent for bridge and task commands. */
  level?: ToolLevel;
  effects: ToolEffects;
  intent: CommandIntent;
  recovery: RecoveryClass;
  trust: ResultTrust;
  /** The gatekeeper's own commands act on no page and are not gated. */
  gated: boolean;
  capability?: Capability;
  /**
   * Without a tabId, an agent that has no usable tab of its own (none yet while another
   * agent holds the visible tab, or its own tab closed) gets a new background tab of its
   * own instead of an error: what a newcomer's first navigate needs.
   */
  opensOwnTab: boolean;
  /** Other names (without the `browser.` prefix) accepted on the socket and as CLI verbs. */
  aliases: readonly string[];
  cli: CliSpelling;
}

type CommandDeclaration<P extends z.ZodType, R extends z.ZodType> = Omit<
  CommandSpec<P, R>,
  "aliases" | "cli" | "gated" | "intent" | "opensOwnTab" | "recovery" | "trust"
> & {
  aliases?: readonly string[];
  opensOwnTab?: boolean;
  cli?: CliSpelling;
  gated?: boolean;
  intent?: CommandIntent;
  /** Default: reads retry; writes whose payload has a `ref` reperceive; other writes none. */
  recovery?: RecoveryClass;
  /** Default: browser commands (those with a level) `page`, the bridge's own `own`. */
  trust?: ResultTrust;
};

/** Declares a command; the description and example also go on the payload schema's `.meta()`, so JSON Schema carries them. */
export function command<P extends z.ZodType, R extends z.ZodType>(declaration: CommandDeclaration<P, R>): CommandSpec<P, R> {
  return {
    ...declaration,
    payload: declaration.payload.meta({ description: declaration.description, examples: [declaration.example] }),
    intent: declaration.intent ?? "reads",
    recovery: declaration.recovery ?? defaultRecovery(declaration.effects, declaration.payload),
    trust: declaration.trust ?? (declaration.level === undefined ? "own" : "page"),
    gated: declaration.gated ?? true,
    opensOwnTab: declaration.opensOwnTab ?? false,
    aliases: declaration.aliases ?? [],
    cli: declaration.cli ?? {},
  };
}

function defaultRecovery(effects: ToolEffects, payload: z.ZodType): RecoveryClass {
  if (effects === "read") return "retry";
  return payload instanceof z.ZodObject && "ref" in payload.shape ? "reperceive" : "none";
}

/** A description's first paragraph: the whole of what an MCP tool says about itself. */
export function leadParagraph(description: string): string {
  const end = description.indexOf("\n\n");
  return end === -1 ? description : description.slice(0, end);
}

/** A description on one line, for a table cell or a one-line listing. */
export function descriptionOnOneLine(description: string): string {
  return description.replaceAll("\n\n", " ");
}
