import { z } from "zod";
import { lazySchema, type SchemaFactory } from "../lazySchemas.js";
import { ActionTargetSchema } from "../primitives.js";
import type { browserActionContentRequests } from "./browserActionRequests.js";

/**
 * What the gatekeeper's confirmation rules judge an action by: facts read from the DOM in
 * the page, not guessed from the name alone (docs/gatekeeper.md).
 */
export const describedTargetSchema = lazySchema(() =>
  z.object({
    /** null when no ref was given and nothing is focused, or the element was found by a point. */
    ref: z.string().nullable(),
    role: z.string(),
    name: z.string(),
    tag: z.string(),
    /** The input's type, or "" for other elements. */
    type: z.string(),
    /** Activating this element submits its form (a submit button or image input with a form). */
    submitsForm: z.boolean(),
    inForm: z.boolean(),
    /** Its form (or, without a form, its page) contains a password field. */
    formHasPassword: z.boolean(),
    /** Where the form goes when this element sends it: the submitter's formaction, else the form's action; for a field, its default button's. */
    formAction: z.string().optional(),
    /** The same submitter's method: formmethod, else the form's method attribute; "unset" when neither is written, as in forms a script sends. */
    formMethod: z.enum(["get", "post", "dialog", "unset"]).optional(),
    /** The form is a search: role=search or <search>, a type=search field, or a single query field (q, query, search…). */
    formIsSearch: z.boolean().optional(),
    /**
     * The fields the form sends (name or id, type, autocomplete), hidden ones too: a POST form is
     * judged by what it sends, not by a search label it wears (docs/gatekeeper.md).
     */
    formFields: z
      .array(z.object({ name: z.string().max(200), type: z.string().max(40), autocomplete: z.string().max(200).optional() }))
      .max(64)
      .optional(),
    /**
     * Where the form stands in a flow of pages, read around it: "Step 2 of 3" in its text, its
     * page's title or a progress list's aria-current="step". A step before the last one only
     * moves on; the last one commits (docs/gatekeeper.md).
     */
    formStep: z.object({ current: z.number().int().min(1).max(99), total: z.number().int().min(1).max(99) }).optional(),
    /** The form or the page around it shows a total to pay ("Total: $54.00", "Amount due"). */
    formShowsTotal: z.boolean().optional(),
    /** The form carries a checkbox that accepts terms, a privacy policy or consent: the step that binds someone. */
    formHasTerms: z.boolean().optional(),
    /** Accessible name of the form's default submit button: what Enter in a field activates. */
    formSubmitName: z.string().optional(),
    /** The URL a link (the element or its <a>/<area> ancestor) opens. */
    href: z.string().optional(),
    /** The element takes multi-line text (textarea, contenteditable): Enter there sends only through a script. */
    multiline: z.boolean().optional(),
    /** Enter there starts a new line or paragraph (a multi-line editor, a plain textarea), not a send: see enterInsertsLine.ts. */
    enterInsertsLine: z.boolean().optional(),
  }),
);

export const browserActionContentResults = {
  /**
   * navigationStarted: the click began a navigation of the page (Navigation API "navigate").
   * dispatchedAt: epoch ms (the page's Date.now) once the click and what it ran at once (handlers,
   * their microtasks, zero-delay tasks) were done: the settle's quiet window starts there.
   */
  click: () =>
    z.object({
      ref: z.string(),
      target: ActionTargetSchema,
      recovered: z.boolean(),
      navigationStarted: z.boolean(),
      dispatchedAt: z.number(),
    }),
  type: () => z.object({ ref: z.string(), target: ActionTargetSchema, value: z.string(), recovered: z.boolean() }),
  focus: () => z.object({ ref: z.string(), target: ActionTargetSchema, recovered: z.boolean() }),
  scroll: () => z.object({ scrollX: z.number(), scrollY: z.number(), moved: z.boolean(), atEnd: z.boolean() }),
  describe_ref: describedTargetSchema,
} satisfies Record<keyof typeof browserActionContentRequests, SchemaFactory>;
