import { DEFAULT_SOCKET_PATH } from "../../protocol/index.js";
import { BROWSER_VERBS, findBrowserVerb } from "./browserVerbs.js";

interface UsageEntry {
  synopsis: string;
  summary: string;
  example: string;
}

const SETUP_COMMANDS: readonly UsageEntry[] = [
  {
    synopsis: "install [--user-data-dir DIR] [--socket PATH] [--config-dir DIR]",
    summary: "register the native-messaging host and create the token file",
    example: "weboperator install",
  },
  {
    synopsis: "launch [--headless|--headed] [--user-data-dir DIR] [--socket PATH] [--config-dir DIR] [--browser PATH]",
    summary: "start Chromium with WebOperator; prints one JSON line, runs until Ctrl-C",
    example: "weboperator launch --headless",
  },
  {
    synopsis: "doctor [--user-data-dir DIR] [--config-dir DIR]",
    summary: "check browser, host manifest, token file, bridge and extension",
    example: "weboperator doctor",
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

export function usageText(topic?: string): string {
  const verb = topic === undefined ? undefined : findBrowserVerb(topic);
  if (verb) return `usage: weboperator ${verb.synopsis}\n  ${verb.summary}\n  e.g. ${verb.example}\n`;
  return [
    "usage: weboperator <command> [options]\n\n",
    "Browser commands (need a running bridge):\n",
    ...BROWSER_VERBS.map(formatEntry),
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
