import { refIn, type ModelMove, type PlanStep, type ResultSeen } from "./scriptedModel.js";

type ToolCall = Extract<ModelMove, { tool: string }>;

/** Who books, and for how many: what the scripted model types and picks. */
export const GUEST = { name: "Ada Lovelace", party: "4" } as const;

/** How one MCP server spells the booking task's calls. */
export interface BookingDialect {
  /** The name the host's config gives the server: its tools are `mcp__SERVER__tool`. */
  server: string;
  navigate(url: string): ToolCall;
  snapshot(): ToolCall;
  type(ref: string, text: string): ToolCall;
  select(ref: string, label: string): ToolCall;
  click(ref: string): ToolCall;
}

export const WEBOPERATOR_BOOKING: BookingDialect = {
  server: "weboperator",
  navigate: (url) => ({ tool: "navigate", input: { url } }),
  snapshot: () => ({ tool: "snapshot", input: {} }),
  type: (ref, text) => ({ tool: "type", input: { ref, text } }),
  select: (ref, label) => ({ tool: "select_option", input: { ref, labels: [label] } }),
  click: (ref) => ({ tool: "click", input: { ref } }),
};

/** The confirmation id a held action's text names, as WebOperator's confirm call spells it. */
export function confirmationIdIn(text: string): string {
  const id = /call confirm \{"id":"([^"]+)"/.exec(text)?.[1];
  if (id === undefined) throw new Error(`no confirmation id in:\n${text}`);
  return id;
}

const heldForConfirmation = (seen: readonly ResultSeen[]): boolean =>
  seen.at(-1)?.isError === true && seen.at(-1)?.text.includes("confirmation_required") === true;

/**
 * Issue 31's form task as a scripted model plays it: navigate, snapshot, type the name, pick the
 * party size, click Reserve, reading every ref out of the snapshot's text; when Reserve is held
 * for a confirmation (WebOperator's gatekeeper), it answers it with the id the text names.
 */
export function bookingPlan(dialect: BookingDialect, url: string): PlanStep[] {
  const page = (seen: readonly ResultSeen[]): string => seen[1]?.text ?? "";
  return [
    { move: () => dialect.navigate(url) },
    { move: () => dialect.snapshot() },
    { move: (seen) => dialect.type(refIn(page(seen), "textbox", "Your name"), GUEST.name) },
    { move: (seen) => dialect.select(refIn(page(seen), "combobox", "Party size"), GUEST.party) },
    { move: (seen) => dialect.click(refIn(page(seen), "button", "Reserve")) },
    {
      applies: heldForConfirmation,
      move: (seen) => ({ tool: "confirm", input: { id: confirmationIdIn(seen.at(-1)?.text ?? ""), allow: true } }),
    },
  ];
}
