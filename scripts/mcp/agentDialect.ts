/** One tool call as the scripted agent makes it: the tool's name without the host's `mcp__SERVER__` prefix. */
export interface ToolCall {
  tool: string;
  input: Record<string, unknown>;
}

/** An element the agent acts on: its ref as the server printed it, and its role and name, which some servers want in words too. */
export interface Target {
  ref: string;
  role: string;
  name: string;
}

/** A form field's new state: text to type or an option's label to pick; `true` to check a checkbox or a radio. */
export type FieldValue = string | boolean;

/**
 * How one MCP server spells what the scripted agent does, and how the agent reads that
 * server's text: nothing here decides what to do next, only how to say it and how to see it.
 */
export interface AgentDialect {
  /** The server's name in the host's config: its tools are `mcp__SERVER__tool`. */
  server: string;
  open(url: string): ToolCall;
  snapshot(): ToolCall;
  /** A click on a button or a link: a call that may load a new document. */
  click(target: Target): ToolCall;
  /** Types into a field; `submit` presses Enter after (two calls where the server has no such option). */
  type(target: Target, text: string, submit: boolean): ToolCall[];
  select(target: Target, label: string): ToolCall;
  /** Checks an unchecked checkbox or radio. */
  check(target: Target): ToolCall;
  /** One call that sets all the fields, when the server offers a tool for it; undefined when it does not. */
  fillForm(fields: ReadonlyArray<{ target: Target; value: FieldValue }>): ToolCall | undefined;
  /** One call that sets the fields and then clicks the form's button, when the server's form tool can; undefined when it cannot. */
  fillAndSubmit(fields: ReadonlyArray<{ target: Target; value: FieldValue }>, submit: Target): ToolCall | undefined;
  /** The call that answers a write held for confirmation, when `text` is such an answer. */
  confirmation(text: string): ToolCall | undefined;
  /** The element `role "name"` in a view, its last mention winning (a later in-page change may rename it). */
  find(view: string, role: string, name: string | RegExp): Target | undefined;
  /** The page view an answer carries (the document's elements with their refs), or undefined when it carries none. */
  freshView(text: string): string | undefined;
  /** Whether the answer says the tab is on another document than the one at `url`, the last URL the agent knew. */
  leftDocument(text: string, url: string | undefined): boolean;
  /** The page's URL as the answer states it, if it does. */
  urlIn(text: string): string | undefined;
  /** Learns from each answer what later calls need (chrome-devtools-mcp's page id). */
  observe(text: string): void;
}

/** A server's dialect, made for one turn from the tools the host offered the model in it. */
export type DialectFactory = (offered: ReadonlySet<string>) => AgentDialect;

/**
 * The last element in `text` whose line `line` matches with `role` and `name`; `line` is a
 * global pattern with the groups `ref`, `role` and `name`.
 */
export function lastElementIn(text: string, line: RegExp, role: string, name: string | RegExp): Target | undefined {
  let found: Target | undefined;
  for (const match of text.matchAll(line)) {
    const groups = match.groups ?? {};
    const [matchedRole, matchedName, ref] = [groups.role ?? "", groups.name ?? "", groups.ref ?? ""];
    if (matchedRole !== role) continue;
    if (typeof name === "string" ? matchedName === name : name.test(matchedName)) found = { ref, role, name: matchedName };
  }
  return found;
}
