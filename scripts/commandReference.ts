import { COMMAND_GROUPS, type CommandSpec } from "../protocol/index.js";
import { COMMAND_VERBS } from "../agent-client/cli/commandVerbs.js";

/** The README's command tables, rendered from protocol/'s command entries; `npm run readme` writes them. */

export const BEGIN_MARKER = "<!-- BEGIN GENERATED: command tables (npm run readme; edit protocol/, not this) -->";
export const END_MARKER = "<!-- END GENERATED: command tables -->";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function row(type: string, spec: CommandSpec): string {
  const verb = COMMAND_VERBS.find((each) => each.type === type);
  const names = [code(type), ...spec.aliases.map((alias) => code(`${type.slice(0, type.indexOf(".") + 1)}${alias}`))].join("<br>");
  const kind = [spec.level, spec.effects].filter((part) => part !== undefined).join(" ");
  return `| ${names} | ${verb ? code(verb.name) : ""} | ${kind} | ${cell(spec.description)} | ${cell(code(JSON.stringify(spec.example)))} |`;
}

export function renderCommandTables(): string {
  const sections = Object.entries(COMMAND_GROUPS).map(([title, commands]) => {
    const rows = Object.entries(commands as Record<string, CommandSpec>).map(([type, spec]) => row(type, spec));
    return [`#### ${title}`, "", "| command | CLI verb | level, effects | what it does and answers | example payload |", "|---|---|---|---|---|", ...rows].join("\n");
  });
  return [BEGIN_MARKER, "", ...sections.flatMap((section) => [section, ""]), END_MARKER].join("\n");
}

/** The README with its generated block replaced; throws when the markers are missing. */
export function withCommandTables(readme: string): string {
  const begin = readme.indexOf(BEGIN_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (begin === -1 || end === -1 || end < begin) throw new Error(`README.md has no ${BEGIN_MARKER} ... ${END_MARKER} block`);
  return readme.slice(0, begin) + renderCommandTables() + readme.slice(end + END_MARKER.length);
}
