/**
 * Page text reaches a person's terminal through the CLI, and a terminal obeys what it is sent:
 * a page's ESC [2A or OSC 8 could move the cursor over earlier lines, retitle the window, or
 * dress a link up as something else; a bidi override could make "txt.exe" read as "exe.txt".
 * So what the CLI prints loses every terminal control: ESC sequences whole (CSI, OSC, DCS and
 * the like, up to their terminator), C0 controls but newline and tab (CR too: it rewrites the
 * line), DEL, C1 controls (an 8-bit CSI is one), and the bidi embeddings, overrides and
 * isolates. Marks (LRM, RLM) stay: they only order the text around them.
 */
const ESCAPE_SEQUENCE =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|[ -/]*[0-~]?)|[\u0090\u009d-\u009f][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u009b[0-?]*[ -/]*[@-~]?/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, "").replace(CONTROL, "");
}

/** The same characters in JSON output, escaped instead of dropped, so the data stays whole (JSON.stringify leaves C1 and bidi as they are). */
export function jsonTerminalSafe(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
