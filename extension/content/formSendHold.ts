import * as dom from "./dom/intrinsics.js";
import type { ContentResult } from "../../protocol/contentReplies.js";
import { postCategory } from "../shared/consequentialPostPatterns.js";

type Held = ContentResult<"form_send_hold">["held"];

/** The slice of the Navigation API's navigate event the hold reads; typed here because lib.dom may not carry it. */
interface NavigateEventLike extends Event {
  readonly cancelable: boolean;
  readonly formData: FormData | null;
  readonly destination: { readonly url: string };
}

const MAX_HELD = 20;
let armed: ReadonlySet<string> | null = null;
/** When the hold lapses (this world's Date.now): a worker that stopped never leaves it on for good. */
let armedUntil = 0;
/** The sends the gatekeeper judged a wizard's step before its last, as URLs without their fragment, and until when that judgement stands. */
let steps: ReadonlySet<string> = new Set();
let stepsUntil = 0;
let held: Held = [];

/**
 * A POST form navigation (a form's submit button, form.submit(), requestSubmit()) to a
 * consequential URL while an agent drives the tab is cancelled before its request leaves, and
 * kept for the gatekeeper, which then asks for confirmation. The listener is this isolated
 * world's own: the page cannot see it, and learns only that its navigation did not happen.
 * The one send let through is a write's own step, to exactly the URL the gatekeeper judged,
 * while that write runs.
 */
const onNavigate = (event: Event): void => {
  if (armed === null || Date.now() > armedUntil) return;
  const navigate = event as NavigateEventLike;
  if (navigate.formData === null || navigate.formData === undefined || !navigate.cancelable) return;
  const category = postCategory(navigate.destination.url, armed);
  if (category === null) return;
  if (Date.now() <= stepsUntil && steps.has(withoutFragment(navigate.destination.url))) return;
  event.preventDefault();
  if (held.length < MAX_HELD) held.push({ url: navigate.destination.url.slice(0, 2048), category });
};

const navigation: unknown = Reflect.get(window, "navigation");
if (navigation instanceof EventTarget) dom.addEventListener(navigation, "navigate", onNavigate);

/** What was held since the last hand-over; every port reply carries it (portReply.ts). */
export function takeHeldSends(): Held {
  const found = held;
  held = [];
  return found;
}

/**
 * Holds the categories the policy confirms for `forMs` (0 stops holding), lets the write's
 * judged step sends through for `stepsForMs` (none without them), and hands over what was held.
 */
export function formSendHold(
  categories: readonly string[],
  forMs: number,
  stepSends: readonly string[],
  stepsForMs: number,
): ContentResult<"form_send_hold"> {
  armed = forMs > 0 && categories.length > 0 ? new Set(categories) : null;
  armedUntil = Date.now() + forMs;
  steps = new Set(stepSends.map(withoutFragment));
  stepsUntil = stepSends.length > 0 ? Date.now() + stepsForMs : 0;
  return { held: takeHeldSends() };
}

function withoutFragment(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}
