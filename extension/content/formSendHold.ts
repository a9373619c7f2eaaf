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
/** The sends the gatekeeper judged a wizard's step before its last, as URLs without their fragment. */
let steps: ReadonlySet<string> = new Set();
let held: Held = [];

/**
 * A POST form navigation (a form's submit button, form.submit(), requestSubmit()) to a
 * consequential URL while an agent's write runs is cancelled before its request leaves, and
 * kept for the gatekeeper, which then asks for confirmation. The listener is this isolated
 * world's own: the page cannot see it, and learns only that its navigation did not happen.
 */
const onNavigate = (event: Event): void => {
  if (armed === null) return;
  const navigate = event as NavigateEventLike;
  if (navigate.formData === null || navigate.formData === undefined || !navigate.cancelable) return;
  const category = postCategory(navigate.destination.url, armed);
  if (category === null || steps.has(withoutFragment(navigate.destination.url))) return;
  event.preventDefault();
  if (held.length < MAX_HELD) held.push({ url: navigate.destination.url.slice(0, 2048), category });
};

const navigation: unknown = Reflect.get(window, "navigation");
if (navigation instanceof EventTarget) dom.addEventListener(navigation, "navigate", onNavigate);

/** Arms the hold for the categories the policy confirms, or disarms it and hands over what it held. */
export function formSendHold(arm: boolean, categories: readonly string[], stepSends: readonly string[]): ContentResult<"form_send_hold"> {
  const found = held;
  held = [];
  armed = arm ? new Set(categories) : null;
  steps = new Set(arm ? stepSends.map(withoutFragment) : []);
  return { held: arm ? [] : found };
}

function withoutFragment(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}
