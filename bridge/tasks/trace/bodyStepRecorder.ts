import type { BodyTypedAction, BrowserCommandType } from "../../../protocol/index.js";
import type { BrowserCaller } from "../../perception/browserCaller.js";
import { perceiveBody, type BodyPerception } from "../../perception/bodyPerception.js";
import { translateCall, translatePointClick, type TranslatedCall } from "../../actions/callTranslation.js";

/** What a task step's InteractionTrace edge says in &body.browser terms. */
export interface BodyStepRecord {
  state_before: string | null;
  state_after: string | null;
  body_actions: BodyTypedAction[];
  not_replayable?: string;
}

/**
 * Gives each task step the &body.browser view of it: the encode_state hash of the task's
 * tab before and after (one perception per step; the after of one step is the before of the
 * next), and the typed actions its browser calls stand for. It never fails a step: a page it
 * cannot perceive has a null state.
 */
export class BodyStepRecorder {
  private perception: BodyPerception | null = null;
  private perceivedTab: number | null = null;
  private stateBefore: string | null = null;
  private actions: BodyTypedAction[] = [];
  private notReplayable: string | undefined;

  constructor(private readonly call: BrowserCaller) {}

  async beginStep(tabId: number | null): Promise<void> {
    this.actions = [];
    this.notReplayable = undefined;
    if (tabId !== null && this.perceivedTab !== tabId) await this.perceive(tabId);
    this.stateBefore = tabId === null ? null : (this.perception?.observation.state_hash ?? null);
  }

  /** A browser call the step makes, before it runs: its elements are located in the state before the step. */
  note(type: BrowserCommandType, payload: Record<string, unknown>, engineStep: boolean): void {
    this.add(translateCall(type, payload, this.before(payload), engineStep));
  }

  /** A call's result, when only the result says what was acted on (a click at a point names the element it hit). */
  noteResult(type: BrowserCommandType, payload: Record<string, unknown>, result: unknown): void {
    if (type !== "browser.click_xy") return;
    const target = (result as { target?: { tag: string; role?: string; name?: string } }).target;
    this.add(
      target === undefined
        ? { notReplayable: "a coordinate click whose target is unknown" }
        : translatePointClick(payload, target, this.before(payload)),
    );
  }

  private before(payload: Record<string, unknown>): BodyPerception | null {
    return this.perceivedTab !== null && payload.tabId === this.perceivedTab ? this.perception : null;
  }

  private add(translated: TranslatedCall): void {
    if ("notReplayable" in translated) this.notReplayable ??= translated.notReplayable;
    else this.actions.push(...translated.actions);
  }

  async endStep(tabId: number | null): Promise<BodyStepRecord> {
    if (tabId === null) this.forget();
    else await this.perceive(tabId);
    return {
      state_before: this.stateBefore,
      state_after: this.perception?.observation.state_hash ?? null,
      body_actions: this.actions,
      ...(this.notReplayable === undefined ? {} : { not_replayable: this.notReplayable }),
    };
  }

  private async perceive(tabId: number): Promise<void> {
    try {
      this.perception = await perceiveBody(this.call, tabId);
      this.perceivedTab = tabId;
    } catch {
      this.forget();
    }
  }

  private forget(): void {
    this.perception = null;
    this.perceivedTab = null;
  }
}
