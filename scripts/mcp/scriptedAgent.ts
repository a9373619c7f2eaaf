import type { AgentDialect, FieldValue, Target, ToolCall } from "./agentDialect.js";
import type { ResultSeen } from "./scriptedModel.js";

/** Thrown when the agent needs the answer to a call the history does not hold yet: that call is the model's next move. */
export class NextMove extends Error {
  constructor(readonly call: ToolCall) {
    super(`next move: ${call.tool}`);
  }
}

/** A call the server answered with an error (other than a hold for confirmation). */
class CallFailed extends Error {}

/** A field as a task names it: its role and accessible name, and the state to give it. */
export interface FieldIntent {
  role: string;
  name: string | RegExp;
  value: FieldValue;
}

/**
 * What the agent knows of the page, and the rule that decides when it looks again. The view
 * is the last page view an answer carried; an answer that says the tab went to another
 * document, without a view of it, makes it stale; an in-page change is added to it (its diff
 * names what changed). The agent takes a snapshot only when the view is stale or lacks what
 * it needs.
 */
export class PageView {
  private text: string | undefined;
  private url: string | undefined;

  constructor(private readonly dialect: AgentDialect) {}

  /** Folds one answer into the view; `navigated` says the call was itself a navigation. */
  see(answer: string, navigated = false): void {
    const fresh = this.dialect.freshView(answer);
    const left = navigated || this.dialect.leftDocument(answer, this.url);
    this.url = this.dialect.urlIn(answer) ?? this.url;
    if (fresh !== undefined) this.text = fresh;
    else if (left) this.text = undefined;
    else if (this.text !== undefined) this.text += `\n${answer}`;
  }

  /** The view, or undefined while it is stale. */
  current(): string | undefined {
    return this.text;
  }
}

/**
 * The scripted agent: task code calls `open`, `click`, `fill`, `search` and `read`, and the
 * agent turns each into the server's calls. It is replayed from the start on every turn
 * against the results the host sent: a call whose result is in the history returns it, and
 * the first call without one is thrown as the `NextMove`.
 */
export class ScriptedAgent {
  private next = 0;
  private readonly view: PageView;

  constructor(
    private readonly dialect: AgentDialect,
    private readonly seen: readonly ResultSeen[],
  ) {
    this.view = new PageView(dialect);
  }

  open(url: string): void {
    this.view.see(this.call(this.dialect.open(url)), true);
  }

  click(role: string, name: string | RegExp): void {
    this.act(() => [this.dialect.click(this.element(role, name))]);
  }

  /** Types into a field and presses Enter, in one call where the server can. */
  search(role: string, name: string | RegExp, text: string): void {
    this.act(() => this.dialect.type(this.element(role, name), text, true));
  }

  /**
   * Sets fields: in one call when there are several and the server offers a form tool, else
   * one call a field. With `submit` (the form's button, as [role, name]), the button is
   * clicked after: in the same call when the server's form tool can, else as a click of its own.
   */
  fill(fields: readonly FieldIntent[], submit?: readonly [role: string, name: string | RegExp]): void {
    this.act(() => {
      const targets = fields.map((field) => ({ target: this.element(field.role, field.name), value: field.value }));
      const button = submit === undefined ? undefined : this.element(...submit);
      const together = button === undefined ? undefined : this.dialect.fillAndSubmit(targets, button);
      if (together !== undefined) return [together];
      const form = targets.length > 1 ? this.dialect.fillForm(targets) : undefined;
      const filling = form !== undefined ? [form] : targets.flatMap(({ target, value }) => this.fieldCalls(target, value));
      return button === undefined ? filling : [...filling, this.dialect.click(button)];
    });
  }

  /**
   * Makes the calls `plan` names from the view. When one fails (a ref the server no longer
   * knows: an in-page change gave the element a new one), the agent looks again and makes
   * them once more from the fresh view, as a model does when told to take a new snapshot.
   */
  private act(plan: () => ToolCall[]): void {
    try {
      for (const call of plan()) this.view.see(this.call(call));
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      this.look();
      for (const call of plan()) this.view.see(this.call(call));
    }
  }

  /** The first group of `pattern` in the current page's view, looking again when the view is stale or lacks it. */
  read(pattern: RegExp): string {
    const found = pattern.exec(this.view.current() ?? "")?.[1] ?? pattern.exec(this.look())?.[1];
    if (found === undefined) throw new Error(`${pattern.source} is not on the page:\n${(this.view.current() ?? "").slice(0, 1_500)}`);
    return found;
  }

  private fieldCalls(target: Target, value: FieldValue): ToolCall[] {
    if (typeof value === "boolean") return value ? [this.dialect.check(target)] : [];
    if (target.role === "combobox") return [this.dialect.select(target, value)];
    return this.dialect.type(target, value, false);
  }

  private element(role: string, name: string | RegExp): Target {
    const inView = this.view.current();
    const found = (inView === undefined ? undefined : this.dialect.find(inView, role, name)) ?? this.dialect.find(this.look(), role, name);
    if (found === undefined) throw new Error(`no ${role} "${String(name)}" on the page:\n${(this.view.current() ?? "").slice(0, 1_500)}`);
    return found;
  }

  /** A snapshot turn: the page as it is now. */
  private look(): string {
    const answer = this.call(this.dialect.snapshot());
    this.view.see(answer, true);
    const view = this.view.current();
    if (view === undefined) throw new Error(`the snapshot's answer holds no page view:\n${answer.slice(0, 1_500)}`);
    return view;
  }

  /** A call's answer from the history; a write held for confirmation is confirmed, and the confirmation's answer is the call's. */
  private call(call: ToolCall): string {
    const result = this.seen[this.next];
    if (result === undefined) throw new NextMove(call);
    if (result.tool !== call.tool) throw new Error(`the history has ${result.tool} where the agent calls ${call.tool}`);
    this.next++;
    const confirmation = this.dialect.confirmation(result.text);
    if (confirmation !== undefined) return this.call(confirmation);
    if (result.isError) throw new CallFailed(`${call.tool} failed: ${result.text.slice(0, 1_000)}`);
    this.dialect.observe(result.text);
    return result.text;
  }
}
