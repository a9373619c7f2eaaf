import { jsonTerminalSafe } from "./terminalText.js";

/** Pretty for people at a terminal, one line for pipes and agents that read line by line. */
export function formatJson(value: unknown, pretty: boolean): string {
  return `${jsonTerminalSafe(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value))}\n`;
}
