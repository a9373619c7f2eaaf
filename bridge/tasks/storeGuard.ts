import { WebOperatorError } from "../../protocol/index.js";

/** Any SQLite failure (read-only folder, full disk, corrupt file) becomes `store_unavailable`. */
export function guard<T>(work: () => T, what: string): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof WebOperatorError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new WebOperatorError(
      "store_unavailable",
      `Cannot ${what}: ${detail}. The task store lives in the config dir (WEBOPERATOR_CONFIG_DIR); make it writable and free some disk space, then retry.`,
    );
  }
}
