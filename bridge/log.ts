/** Chrome forwards a host's stderr to its own; stdout is reserved for native-messaging frames. */
export function logBridge(message: string): void {
  process.stderr.write(`[weboperator-bridge ${process.pid} ${new Date().toISOString()}] ${message}\n`);
}
