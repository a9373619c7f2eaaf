import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchWebOperator, type LaunchedWebOperator } from "../../agent-client/launch/launchWebOperator.js";
import { WebOperatorClient } from "../../agent-client/client.js";
import { WebOperatorError, type CommandPayloadInput, type CommandResult, type CommandType } from "../../protocol/index.js";
import { startFixtureServer, type FixtureServer } from "./fixtureServer.js";

export interface WebOperatorSession {
  launched: LaunchedWebOperator;
  client: WebOperatorClient;
  downloadDir: string;
  pages: FixtureServer;
  /** A fresh, authenticated client on the same socket. */
  connect(): Promise<WebOperatorClient>;
  /** Runs a command and returns its error code, failing if it succeeded. */
  errorCode<T extends CommandType>(type: T, payload: CommandPayloadInput<T>, client?: WebOperatorClient): Promise<string>;
  close(): Promise<void>;
}

/**
 * Real Chromium with the built extension, a fresh profile whose NativeMessagingHosts/
 * holds our host manifest, the bridge Chrome starts, and the real socket.
 */
export async function startWebOperatorSession(env: NodeJS.ProcessEnv = {}): Promise<WebOperatorSession> {
  const root = mkdtempSync(join(tmpdir(), "wo-e2e-"));
  const pages = await startFixtureServer();
  const launched = await launchWebOperator({
    userDataDir: join(root, "profile"),
    configDir: join(root, "config"),
    socket: join(root, "bridge.sock"),
    headless: true,
    env: { ...process.env, WEBOPERATOR_API_TOKEN: "", ...env },
  });
  // Downloads a test triggers land in its own folder, never the user's ~/Downloads.
  const downloadDir = join(root, "downloads");
  mkdirSync(downloadDir);
  const cdp = await launched.browser.target().createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloadDir });
  const clients: WebOperatorClient[] = [];
  const connect = async (): Promise<WebOperatorClient> => {
    const client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
    clients.push(client);
    return client;
  };
  const client = await connect();
  return {
    launched,
    client,
    downloadDir,
    pages,
    connect,
    async errorCode(type, payload, via = client) {
      try {
        await via.request(type, payload);
      } catch (error) {
        if (error instanceof WebOperatorError) return error.code;
        throw error;
      }
      throw new Error(`${type} unexpectedly succeeded`);
    },
    async close() {
      for (const each of clients) each.close();
      await launched.close();
      await pages.close();
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

export function findRef(snapshotText: string, role: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const line = new RegExp(`- ${role} "${escaped}"[^\\n]*\\[ref=([^\\]]+)\\]`).exec(snapshotText);
  if (!line?.[1]) throw new Error(`no ${role} "${name}" with a ref in snapshot:\n${snapshotText}`);
  return line[1];
}

export type { CommandResult };
