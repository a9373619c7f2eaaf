import { CAPABILITY_GROUP_NAMES, COMMAND_SECTIONS, DEFAULT_SOCKET_PATH, ProviderSettingNameSchema } from "../../protocol/index.js";
import { CHROMIUM_BROWSERS } from "../../bridge/install/chromiumBrowsers.js";
import { COMMAND_VERBS, findCommandVerb, verbExample, verbSummary, verbSynopsis, type CommandVerb } from "./commandVerbs.js";

interface UsageEntry {
  synopsis: string;
  summary: string;
  example: string;
}

function browserNames(): string {
  return CHROMIUM_BROWSERS.map((browser) => browser.id).join(", ");
}

const SETUP_COMMANDS: readonly UsageEntry[] = [
  {
    synopsis: "setup [--browser NAME | --user-data-dir DIR] [--socket PATH] [--config-dir DIR]",
    summary: `register the native-messaging host for every Chromium-family browser found (or NAME: ${browserNames()}), create the token file, copy the extension to its one folder and print it for Load unpacked (\`install\` is the same command)`,
    example: "weboperator setup",
  },
  {
    synopsis: "uninstall [--user-data-dir DIR] [--purge]",
    summary:
      "remove the host manifests, launcher and extension folder setup wrote; the token file, settings and task store stay unless --purge",
    example: "weboperator uninstall",
  },
  {
    synopsis: "launch [--headless|--headed] [--browser NAME|PATH] [--user-data-dir DIR] [--socket PATH] [--config-dir DIR]",
    summary: "start a browser (Chromium by default) with WebOperator; prints one JSON line, runs until Ctrl-C or the browser exits",
    example: "weboperator launch --headless",
  },
  {
    synopsis: "doctor [--user-data-dir DIR] [--config-dir DIR]",
    summary: "check the browsers found, their host manifests, token file, bridge, the browser it serves, and extension",
    example: "weboperator doctor",
  },
  {
    synopsis: "config set NAME VALUE|- | get NAME | unset NAME | list [--config-dir DIR]",
    summary: "model provider settings (ANTHROPIC_API_KEY, OPENAI_BASE_URL, ...) read at each tasks.start; secrets never printed",
    example: "weboperator config set ANTHROPIC_API_KEY - < key.txt",
  },
  {
    synopsis: "mcp [--caps GROUP,...|all] [--structured] [--first-look CHARS] [--governance FILE] [--socket PATH] [--token TOKEN]",
    summary: `serve the core browser tools over MCP stdio, plus the --caps groups: ${CAPABILITY_GROUP_NAMES.filter((name) => name !== "core").join(", ")}`,
    example: "claude mcp add weboperator -- weboperator mcp --caps tasks",
  },
  {
    synopsis: "mcp config [--client claude-code|cursor|vscode|codex|generic] [--caps GROUP,...] [--structured] [--governance FILE]",
    summary:
      "print a paste-ready MCP host config pointing at this weboperator (the installed package or a checkout), your socket and token file",
    example: "weboperator mcp config --client cursor",
  },
];

const RAW_REQUEST: UsageEntry = {
  synopsis: "'<json request>'",
  summary: "send one protocol request as is; prints the JSON response",
  example: `weboperator '{"type":"bridge.health"}'`,
};

function formatEntry(entry: UsageEntry): string {
  return `  ${entry.synopsis}\n      ${entry.summary}\n      e.g. ${entry.example}\n`;
}

function verbHelp(verb: CommandVerb): string {
  const lines = [`usage: weboperator ${verbSynopsis(verb, true)}`, "", `  ${verb.spec.description.replaceAll("\n\n", "\n\n  ")}`, ""];
  for (const field of verb.positionals)
    lines.push(`  ${field.name.toUpperCase()}${field.required ? "" : " (optional)"}${field.description ? `  ${field.description}` : ""}`);
  for (const flag of verb.flags) {
    const what = flag.sets
      ? `sets ${JSON.stringify(flag.sets)}`
      : (flag.field?.description ??
        (flag.field?.choices ? `one of ${flag.field.choices.join(", ")}` : flag.field ? flag.field.kind : "file to write"));
    lines.push(`  --${flag.flag}  ${what}`);
  }
  for (const [field, value] of Object.entries(verb.spec.cli.defaults ?? {}))
    lines.push(`  without a flag for it, ${field} is ${JSON.stringify(value)}`);
  const aliases = verb.spellings.filter((spelling) => spelling !== verb.name);
  if (aliases.length > 0) lines.push(`  also spelled: ${aliases.join(", ")}`);
  lines.push(`  sends: ${verb.type}`, "", `  e.g. ${verbExample(verb)}`, "");
  return lines.join("\n");
}

function verbLine(verb: CommandVerb): string {
  return `  ${verbSynopsis(verb, false).padEnd(34)} ${verbSummary(verb)}\n`;
}

/** `weboperator config`'s own usage: it parses its own arguments. */
export const CONFIG_USAGE = `usage: weboperator config set NAME VALUE|-   (- reads VALUE from stdin, so a key stays out of shell history)
       weboperator config get NAME
       weboperator config unset NAME
       weboperator config list
  option: --config-dir DIR   (default: $WEBOPERATOR_CONFIG_DIR, then the one \`weboperator install\` baked in, then ~/.config/weboperator)
  NAME is one of ${ProviderSettingNameSchema.options.join(", ")}.
  The bridge reads these at each tasks.start; its own environment wins over the file. Secret values are never printed.
`;

/** The setup entry `topic` names ("install", "mcp config"), the longest first word match. */
function setupEntry(asked: string): UsageEntry | undefined {
  const topic = asked === "install" ? "setup" : asked;
  const named = SETUP_COMMANDS.filter((entry) => entry.synopsis === topic || entry.synopsis.startsWith(`${topic} `));
  return named.find((entry) => !entry.synopsis.startsWith(`${topic} config`)) ?? named[0];
}

export function usageText(topic?: string): string {
  if (topic === "config") return CONFIG_USAGE;
  const setup = topic === undefined ? undefined : setupEntry(topic);
  if (setup) return `usage: weboperator ${setup.synopsis}\n\n  ${setup.summary}\n\n  e.g. ${setup.example}\n`;
  const verb = topic === undefined ? undefined : findCommandVerb(topic.split(" "));
  if (verb) return verbHelp(verb);
  const sections = Object.entries(COMMAND_SECTIONS).map(([title, commands]) => {
    const verbs = COMMAND_VERBS.filter((each) => Object.hasOwn(commands, each.type));
    return `\n${title}:\n${verbs.map(verbLine).join("")}`;
  });
  return [
    "usage: weboperator <command> [arguments] [options]      weboperator help <command> for its options\n",
    ...sections,
    "\nAny request as JSON:\n",
    formatEntry(RAW_REQUEST),
    "\nSetup:\n",
    ...SETUP_COMMANDS.map(formatEntry),
    "\nOptions for browser commands:\n",
    `  --socket PATH   bridge socket (default: $WEBOPERATOR_AGENT_SOCKET, then ${DEFAULT_SOCKET_PATH})\n`,
    "  --token TOKEN   API token (default: $WEBOPERATOR_API_TOKEN, then the token file)\n",
    "  --tab ID        act on this tab instead of the active one\n",
    "  --timeout MS    request timeout\n",
    "  --json          print the raw JSON response\n",
    "  -h, --help      this text\n",
    "\nRefs come from `weboperator snapshot`: the text inside [ref=...] (a leading @ is fine).\n",
    "Use -- before TEXT that starts with a dash: weboperator type REF -- -42\n",
  ].join("");
}
