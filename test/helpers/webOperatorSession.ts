import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchWebOperator, type LaunchedWebOperator } from "../../agent-client/launch/launchWebOperator.js";
import { WebOperatorClient } from "../../agent-client/client.js";
import { type CommandPayloadInput, type CommandResult, type CommandType, type ConfirmationsMode } from "../../protocol/index.js";
import type { UserPolicySettings } from "../../protocol/tools/gatekeeperTools.js";
import { setUserPolicy } from "./userPolicy.js";
import { startFixtureServer, type FixtureServer } from "./fixtureServer.js";
import { testHeadless } from "./browserMode.js";
import { refusalOf } from "./refusal.js";

export interface WebOperatorSession {
  launched: LaunchedWebOperator;
  client: WebOperatorClient;
  downloadDir: string;
  pages: FixtureServer;
  /** A fresh, authenticated client on the same socket. */
  connect(): Promise<WebOperatorClient>;
  /**
   * The user's settings the session started with (see SessionOptions); setUserPolicy
   * layers on them, and its null restores them.
   */
  baselinePolicy: UserPolicySettings | null;
  /** Runs a command and returns its error code, failing if it succeeded. */
  errorCode<T extends CommandType>(type: T, payload: CommandPayloadInput<T>, client?: WebOperatorClient): Promise<string>;
  close(): Promise<void>;
}

export interface SessionOptions {
  /**
   * Who answers confirmations, as the user's own setting. Unset, the browser's default
   * holds: "agent" headless, "user" headed (a person may be there). Tests of the agent's
   * answer (browser.confirm, tasks.confirm) say "agent", as a user who wants that would.
   */
  confirmations?: ConfirmationsMode;
}

/**
 * Real Chromium with the built extension, a fresh profile whose NativeMessagingHosts/
 * holds our host manifest, the bridge Chrome starts, and the real socket.
 */
export async function startWebOperatorSession(env: NodeJS.ProcessEnv = {}, options: SessionOptions = {}): Promise<WebOperatorSession> {
  const root = mkdtempSync(join(tmpdir(), "wo-e2e-"));
  const pages = await startFixtureServer();
  // Downloads a test triggers land in its own folder, never the user's ~/Downloads: launch
  // gives the browser and the bridge (the panel's attachments) that one folder.
  const launched = await launchWebOperator({
    userDataDir: join(root, "profile"),
    configDir: join(root, "config"),
    socket: join(root, "bridge.sock"),
    headless: testHeadless(),
    env: { ...process.env, WEBOPERATOR_API_TOKEN: "", WEBOPERATOR_DOWNLOADS_DIR: join(root, "downloads"), ...env },
  });
  const downloadDir = launched.downloadsDir;
  mkdirSync(downloadDir, { recursive: true });
  const clients: WebOperatorClient[] = [];
  const connect = async (): Promise<WebOperatorClient> => {
    const client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
    clients.push(client);
    return client;
  };
  const client = await connect();
  const session: WebOperatorSession = {
    launched,
    client,
    downloadDir,
    pages,
    baselinePolicy: options.confirmations === undefined ? null : { confirmations: options.confirmations },
    connect,
    async errorCode(type, payload, via = client) {
      return (await refusalOf(via.request(type, payload), type)).code;
    },
    async close() {
      for (const each of clients) each.close();
      await launched.close();
      await pages.close();
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  if (session.baselinePolicy !== null) await setUserPolicy(session, {});
  return session;
}

export function findRef(snapshotText: string, role: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const line = new RegExp(`- ${role} "${escaped}"[^\\n]*\\[ref=([^\\]]+)\\]`).exec(snapshotText);
  if (!line?.[1]) throw new Error(`no ${role} "${name}" with a ref in snapshot:\n${snapshotText}`);
  return line[1];
}

export type { CommandResult };
