import { escapeHtml, layout } from "./shopLayout.js";

/** What the sign-up wizard collects over its steps; each step's POST adds its fields. */
export interface SignupDraft {
  name?: string;
  email?: string;
  plan?: string;
  news?: boolean;
  company?: string;
  teamSize?: string;
}

export const PLANS = [
  { value: "free", label: "Free" },
  { value: "pro", label: "Pro, $12 a month" },
  { value: "team", label: "Team, $30 a month" },
] as const;

export const TEAM_SIZES = [
  { value: "1", label: "Just me" },
  { value: "2-10", label: "2 to 10 people" },
  { value: "11+", label: "11 or more people" },
] as const;

/** The wizard's three step pages, each a form that posts to its own path and is sent on to the next. */
export const SIGNUP_STEPS = ["details", "plan", "company"] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

const stepFields: Record<SignupStep, string> = {
  details: `<label>Full name <input name="name" autocomplete="name" required></label>
  <label>Email <input type="email" name="email" autocomplete="email" required></label>`,
  plan: `<label>Plan <select name="plan">${PLANS.map((plan) => `<option value="${plan.value}">${escapeHtml(plan.label)}</option>`).join("")}</select></label>
  <label><input type="checkbox" name="news"> Email me product news</label>`,
  company: `<label>Company <input name="company" autocomplete="organization"></label>
  <fieldset><legend>Team size</legend>${TEAM_SIZES.map((size) => `<label><input type="radio" name="teamSize" value="${size.value}"> ${escapeHtml(size.label)}</label>`).join("")}</fieldset>`,
};

export function signupStepPage(step: SignupStep, cartCount: number): string {
  const number = SIGNUP_STEPS.indexOf(step) + 1;
  return layout(
    `Sign up, step ${number}`,
    `<h1>Create your account</h1>
<p>Step ${number} of ${SIGNUP_STEPS.length}</p>
<form method="post" action="/signup/${step}">
  ${stepFields[step]}
  <button type="submit">Next</button>
</form>`,
    cartCount,
  );
}

/** The last step: what the steps collected, and the form that creates the account (only the terms checkbox). */
export function signupReviewPage(draft: SignupDraft, cartCount: number): string {
  const plan = PLANS.find((candidate) => candidate.value === draft.plan)?.label ?? "";
  return layout(
    "Sign up, review",
    `<h1>Review and create your account</h1>
<dl><dt>Name</dt><dd>${escapeHtml(draft.name ?? "")}</dd><dt>Email</dt><dd>${escapeHtml(draft.email ?? "")}</dd><dt>Plan</dt><dd>${escapeHtml(plan)}</dd><dt>Company</dt><dd>${escapeHtml(draft.company ?? "")}</dd></dl>
<form method="post" action="/signup/create">
  <label><input type="checkbox" name="terms" required> I agree to the Terms of Service</label>
  <button type="submit">Create account</button>
</form>`,
    cartCount,
  );
}

export function signupWelcomePage(code: string, cartCount: number): string {
  return layout(
    "Welcome",
    `<h1>Your account is ready</h1>
<p>Your confirmation code is <strong>${escapeHtml(code)}</strong>. Keep it for your first call with support.</p>`,
    cartCount,
  );
}
