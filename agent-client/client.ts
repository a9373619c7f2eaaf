import { connect, type Socket } from "node:net";
import { EventEmitter } from "node:events";
import {
  AgentResponseSchema,
  COMMANDS,
  EventEnvelopeSchema,
  FrameDecoder,
  MAX_AGENT_FRAME_BYTES,
  WebOperatorError,
  encodeJsonFrame,
  isErrorResponse,
  type AgentRequest,
  type AgentResponse,
  type BridgeEvent,
  type CommandPayloadInput,
  type CommandResult,
  type CommandType,
} from "../protocol/index.js";
import { socketPath as defaultSocketPath } from "../bridge/config/paths.js";
import { resolveToken } from "../bridge/config/token.js";
import { checkSocket } from "../bridge/config/socketTrust.js";

export interface ClientOptions {
  socketPath?: string;
  /** Defaults to WEBOPERATOR_API_TOKEN, then the token file `weboperator install` wrote. */
  token?: string | null;
  env?: NodeJS.ProcessEnv;
  /** Speak for this named agent (bridge.hello); defaults to WEBOPERATOR_AGENT, else an anonymous agent; null: say no hello here (the caller does). */
  agent?: string | null;
}

interface Pending {
  resolve: (response: AgentResponse) => void;
  reject: (error: Error) => void;
}

/** A typed connection to the WebOperator bridge socket. One socket, many requests in flight. */
export class WebOperatorClient {
  private readonly pending = new Map<string, Pending>();
  private readonly events = new EventEmitter();
  private readonly decoder = new FrameDecoder(MAX_AGENT_FRAME_BYTES);
  private nextId = 1;
  private closedError: Error | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly token: string | null,
    readonly socketPath: string,
  ) {
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("close", () => this.failAll(connectionLost("the bridge closed the connection")));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      this.failAll(connectionLost(`the connection to the bridge failed (${error.code ?? error.message})`)),
    );
  }

  static async connect(options: ClientOptions = {}): Promise<WebOperatorClient> {
    const env = options.env ?? process.env;
    const path = options.socketPath ?? defaultSocketPath(env);
    const token = resolveToken(env, options.token).token;
    const socket = await connectChecked(path);
    const client = new WebOperatorClient(socket, token, path);
    const agent = options.agent === null ? undefined : (options.agent ?? (env.WEBOPERATOR_AGENT || undefined));
    if (agent !== undefined) {
      try {
        await client.request("bridge.hello", { agent });
      } catch (error) {
        client.close();
        throw error;
      }
    }
    return client;
  }

  /** Sends one command and resolves with its validated result, or throws WebOperatorError. */
  async request<T extends CommandType>(
    type: T,
    payload: CommandPayloadInput<T>,
    options: { timeoutMs?: number; markUntrusted?: boolean } = {},
  ): Promise<CommandResult<T>> {
    const response = await this.send({ type, payload, ...options });
    if (isErrorResponse(response))
      throw new WebOperatorError(response.code, response.error, { confirmation: response.confirmation, stage: response.stage });
    const parsed = COMMANDS[type].result.safeParse(response.result);
    if (!parsed.success) {
      throw new WebOperatorError("internal_error", `bridge returned a malformed ${type} result: ${parsed.error.message}`);
    }
    return parsed.data as CommandResult<T>;
  }

  /** Sends a raw request (token and id filled in when absent) and returns the raw response. */
  send(request: AgentRequest): Promise<AgentResponse> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = request.id ?? `c${process.pid}-${this.nextId++}`;
    const full: AgentRequest = { ...request, id };
    if (full.token === undefined && this.token !== null) full.token = this.token;
    return new Promise((resolvePromise, rejectPromise) => {
      this.pending.set(String(id), { resolve: resolvePromise, reject: rejectPromise });
      this.socket.write(encodeJsonFrame(full));
    });
  }

  onEvent(listener: (event: BridgeEvent) => void): () => void {
    this.events.on("event", listener);
    return () => this.events.off("event", listener);
  }

  /** True once the bridge closed this connection (or it failed): every send would reject. */
  get closed(): boolean {
    return this.closedError !== null;
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    let frames;
    try {
      frames = this.decoder.push(chunk);
    } catch (error) {
      this.failAll(error instanceof Error ? error : new Error(String(error)));
      this.socket.destroy();
      return;
    }
    for (const frame of frames) {
      if (frame.kind !== "json") continue;
      const event = EventEnvelopeSchema.safeParse(frame.value);
      if (event.success) {
        this.events.emit("event", event.data.event);
        continue;
      }
      const response = AgentResponseSchema.safeParse(frame.value);
      if (!response.success) continue;
      const key = response.data.id === null ? null : String(response.data.id);
      const waiter = key === null ? undefined : this.pending.get(key);
      if (key !== null && waiter) {
        this.pending.delete(key);
        waiter.resolve(response.data);
      } else if (key === null && isErrorResponse(response.data)) {
        // An error the bridge could not tie to a request (e.g. an unparseable frame) fails the oldest waiter.
        const first = this.pending.entries().next();
        if (!first.done) {
          this.pending.delete(first.value[0]);
          first.value[1].resolve(response.data);
        }
      }
    }
  }

  private failAll(error: Error): void {
    this.closedError ??= error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}

/**
 * A request in flight when the bridge went away (stopped, crashed, killed) may or may not
 * have run; the agent's next step is to reconnect, since Chrome starts a new bridge.
 */
/** Connects to the socket file that passed the trust check, and only to it; nothing is sent before both hold. */
async function connectChecked(path: string): Promise<Socket> {
  let checked;
  try {
    checked = checkSocket(path);
  } catch (error) {
    throw new BridgeUnreachableError(path, error as NodeJS.ErrnoException);
  }
  try {
    const socket = await new Promise<Socket>((resolvePromise, rejectPromise) => {
      const candidate = connect(checked.connectPath);
      candidate.once("connect", () => resolvePromise(candidate));
      candidate.once("error", (error: NodeJS.ErrnoException) => rejectPromise(new BridgeUnreachableError(path, error)));
    });
    const replaced = checked.verifyConnected();
    if (replaced !== null) {
      socket.destroy();
      throw new BridgeUnreachableError(path, Object.assign(new Error(`refusing to send the token: ${replaced}`), { code: "EUNTRUSTED" }));
    }
    return socket;
  } finally {
    checked.release();
  }
}

function connectionLost(what: string): WebOperatorError {
  return new WebOperatorError(
    "extension_disconnected",
    `${what} before answering: the bridge stopped or crashed, so a request in flight may or may not have run. ` +
      "Reconnect in a few seconds (Chrome starts a new bridge when the extension reconnects) and check the page before repeating a write.",
  );
}

export class BridgeUnreachableError extends Error {
  constructor(
    readonly socketPath: string,
    override readonly cause: NodeJS.ErrnoException,
  ) {
    super(
      `cannot reach the WebOperator bridge at ${socketPath} (${cause.code === "EUNTRUSTED" ? cause.message : (cause.code ?? cause.message)}). ` +
        "Is Chrome running with the WebOperator extension? Try `weboperator doctor`, or `weboperator launch`.",
    );
    this.name = "BridgeUnreachableError";
  }
}
