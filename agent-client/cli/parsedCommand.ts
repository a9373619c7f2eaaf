import type { AgentRequest, CapabilityRequest } from "../../protocol/index.js";
import type { McpClientKind } from "./mcpConfigText.js";
import type { CommandVerb } from "./commandVerbs.js";

/** Where to reach the bridge; unset fields fall back to the environment, then the defaults. */
export interface Connection {
  socket?: string;
  token?: string;
}

export type ParsedCommand =
  | { kind: "help"; topic?: string }
  | { kind: "raw"; request: AgentRequest; connection: Connection }
  | { kind: "verb"; verb: CommandVerb; request: AgentRequest; json: boolean; outputFile?: string; connection: Connection }
  | { kind: "install"; verb: "setup" | "install"; userDataDir?: string; browser?: string; socket?: string; configDir?: string }
  | { kind: "uninstall"; userDataDir?: string; configDir?: string; purge: boolean }
  /** browser: a name of the browser table or a path to an executable. */
  | { kind: "launch"; headless: boolean; userDataDir?: string; socket?: string; configDir?: string; browser?: string }
  | { kind: "doctor"; userDataDir?: string; configDir?: string; connection: Connection }
  /** `structured`: results carry structuredContent besides their text (`--structured`), for programmatic clients. */
  /** `firstLook`: the characters of a new document's first look (`--first-look`), 0 for none. */
  | { kind: "mcp"; connection: Connection; caps: CapabilityRequest; structured: boolean; governance?: string; firstLook?: number }
  | {
      kind: "mcp-config";
      client: McpClientKind;
      caps: CapabilityRequest;
      structured: boolean;
      socket?: string;
      configDir?: string;
      governance?: string;
    };
