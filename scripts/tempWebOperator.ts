import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchWebOperator, type LaunchedWebOperator } from "../agent-client/launch/launchWebOperator.js";

export interface TempWebOperator {
  launched: LaunchedWebOperator;
  /** Closes Chromium and its bridge, then removes the temporary profile, config and socket. */
  close(): Promise<void>;
}

/** Headless Chromium with the extension in a throwaway profile, its own socket, and the token file's token (env token cleared). */
export async function launchTempWebOperator(prefix: string): Promise<TempWebOperator> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const launched = await launchWebOperator({
    userDataDir: join(root, "profile"),
    configDir: join(root, "config"),
    socket: join(root, "bridge.sock"),
    headless: true,
    env: { ...process.env, WEBOPERATOR_API_TOKEN: "" },
  });
  return {
    launched,
    async close() {
      await launched.close();
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
