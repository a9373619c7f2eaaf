/** Chrome forwards a host's stderr to its own; stdout is reserved for native-messaging frames. */
export function logBridge(message: string): void {
  try {
    process.stderr.write(`[weboperator-bridge ${process.pid} ${new Date().toISOString()}] ${message}\n`);
  } catch {
    // Chrome, which owns our stderr, is gone; a log line is not worth dying for.
  }
}
