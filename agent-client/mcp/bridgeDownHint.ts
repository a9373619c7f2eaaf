/** The code that means the browser side is not there (no bridge, no extension), rather than that the call was wrong. */
const BROWSER_DOWN_CODES = new Set(["extension_disconnected"]);

/**
 * Every tool answers a dead bridge or a disconnected extension with the one command that
 * finds out why; the server reconnects by itself on the next call once the browser is back.
 */
export function withDoctorHint(code: string, message: string): string {
  if (!BROWSER_DOWN_CODES.has(code) || message.includes("weboperator doctor")) return message;
  return `${message} Run \`weboperator doctor\` to see what is missing; this server reconnects by itself once the browser is back.`;
}
