import { z } from "zod";
import {
  ChatMessageSchema,
  newUntrustedBoundary,
  type BrowserUseAction,
  type ChatMessage,
  type ChatRequestMessage,
} from "../../../../protocol/index.js";
import { ActionHistory } from "./actionHistory.js";
import type { AgentState } from "./taskPerception.js";

/** What the provider stores per task so that tasks.resume continues it. */
const StoredConversationSchema = z.object({
  format: z.literal("browser-use/1"),
  messages: z.array(ChatMessageSchema),
  /** Index in messages of the latest full State Object; earlier ones are kept only as a line. */
  stateAt: z.number().int().nullable(),
  executed: z.array(z.string()),
});

/**
 * The chat with the model: the goal, one State Object per turn, the model's replies and
 * the corrections of invalid ones. Only the latest state is sent whole (it is the
 * sole source of truth; earlier indexes are invalid anyway), which keeps the prompt
 * within a local model's context.
 */
export class BrowserUseConversation {
  /** The latest state's screenshot (vision tasks): sent with that state only, never stored. */
  private screenshot: string | null = null;
  private note: string | null = null;

  private constructor(
    private readonly goal: string,
    private readonly messages: ChatMessage[],
    private stateAt: number | null,
    readonly history: ActionHistory,
  ) {}

  static start(goal: string, stored: unknown): BrowserUseConversation {
    const parsed = StoredConversationSchema.safeParse(stored);
    if (!parsed.success) return new BrowserUseConversation(goal, [], null, new ActionHistory());
    const { messages, stateAt, executed } = parsed.data;
    return new BrowserUseConversation(goal, messages, stateAt, new ActionHistory(executed));
  }

  /** The next user turn: the current State Object, as JSON, and for vision tasks its screenshot (base64 PNG). */
  presentState(state: AgentState, screenshot?: string): void {
    this.screenshot = screenshot ?? null;
    // A resumed task may have stopped before the model answered its last state: that state is old now.
    if (this.messages.at(-1)?.role === "user") {
      this.messages.pop();
      if (this.stateAt === this.messages.length) this.stateAt = null;
    }
    if (this.stateAt !== null) {
      const previous = this.messages[this.stateAt];
      if (previous !== undefined) previous.content = supersededLine(previous.content);
    }
    const opening = `${this.messages.length === 0 ? `Task: ${this.goal}\n\n` : ""}${this.note === null ? "" : `${this.note}\n\n`}`;
    this.note = null;
    this.stateAt = this.messages.length;
    this.messages.push({ role: "user", content: `${opening}${STATE_LEAD}${newUntrustedBoundary().wrap(JSON.stringify(state))}` });
  }

  addReply(text: string): void {
    this.messages.push({ role: "assistant", content: text });
  }

  /** A line for the next state's turn, such as the person's answer to ask_user: it stays in the history with that turn. */
  noteForNextState(text: string): void {
    this.note = text;
  }

  addCorrection(text: string): void {
    this.messages.push({ role: "user", content: text });
  }

  recordExecuted(stateHash: string, action: BrowserUseAction): void {
    this.history.record(stateHash, action);
  }

  /**
   * The messages as the model gets them: the latest State Object carries its screenshot as
   * an image part beside the JSON (the State Object's base64 PNG, out of the JSON text, where a
   * vision model could not see it). Earlier states never do: their indexes are invalid.
   */
  forModel(): ChatRequestMessage[] {
    return this.messages.map((message, at) => {
      if (at !== this.stateAt || this.screenshot === null) return { ...message };
      return {
        role: message.role,
        content: [
          { type: "text", text: message.content },
          { type: "image_url", image_url: { url: `data:image/png;base64,${this.screenshot}` } },
        ],
      };
    });
  }

  toJSON(): z.infer<typeof StoredConversationSchema> {
    return {
      format: "browser-use/1",
      messages: this.messages.map((message) => ({ ...message })),
      stateAt: this.stateAt,
      executed: this.history.toJSON(),
    };
  }
}

export const STATE_LEAD = "State Object:\n";

/*
 * The whole State Object goes inside one pair of page-data markers with a nonce of this
 * turn's own: its url, page_content and every element_index text come from the page, and
 * one boundary costs a local model's context far less than a pair per string.
 */

/** A state message once a newer one exists: the goal line (if any) and which state it was. */
function supersededLine(content: string): string {
  const at = content.indexOf(STATE_LEAD);
  if (at < 0) return content;
  const head = content.slice(0, at);
  let summary = "(an earlier state)";
  try {
    const marked = content.slice(at + STATE_LEAD.length);
    const state = JSON.parse(marked.slice(marked.indexOf("{"), marked.lastIndexOf("}") + 1)) as {
      state_hash?: unknown;
      error?: { code?: unknown };
    };
    // The URL is the page's to choose, so it stays out of the line that outlives its markers.
    summary = `(earlier state ${String(state.state_hash).slice(0, 12)}${state.error === undefined ? "" : `, error ${String(state.error.code)}`}; superseded, its element indexes are invalid)`;
  } catch {
    // Already a line.
  }
  return `${head}${summary}`;
}
