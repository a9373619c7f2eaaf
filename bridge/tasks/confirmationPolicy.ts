/**
 * Reads the gatekeeper's confirmation_required answer (README "Gatekeeper"): the id to
 * answer with browser.confirm, and the categories and reasons it gave.
 */
export interface GateRequest {
  gateId: string;
  reasons: string;
  categories: string[];
}

export function parseGateRequest(message: string): GateRequest | null {
  const id = /confirmation id: (cf_[A-Za-z0-9_-]+)/.exec(message)?.[1];
  if (id === undefined) return null;
  const reasons = /needs the user's confirmation: (.*?)\. Ask the user/s.exec(message)?.[1] ?? "needs confirmation";
  const categories = [...reasons.matchAll(/(?:^|; )(purchase|account|messaging|credentials|submit) \(/g)].map((match) => match[1] ?? "");
  return { gateId: id, reasons, categories };
}

/** Controls whose activation is final: with autoConfirm they still wait for a person (seed: final Apply/Submit/Send). */
const FINAL_CONTROL = /\b(submit|apply|send|pay|place (?:your |my )?order|purchase|buy|check ?out)\b/i;
const FINAL_CATEGORIES = new Set(["submit", "purchase", "messaging"]);

/** With autoConfirm, every gated call is granted except a final submit/apply/send/pay. */
export function autoConfirmAllows(request: GateRequest, targetName: string): boolean {
  if (request.categories.some((category) => FINAL_CATEGORIES.has(category))) return false;
  if (FINAL_CONTROL.test(targetName) || FINAL_CONTROL.test(request.reasons)) return false;
  return true;
}
