import type { ConfirmationCategory, ContentResult } from "../../../protocol/index.js";

type FormField = NonNullable<ContentResult<"describe_ref">["formFields"]>[number];

/**
 * What a form's fields say it does, whatever its label: a form that carries a card number, an
 * IBAN or an amount to a recipient moves money, even when it wears role=search, hides a
 * type=search field, or names its button "Continue to preview". Names are compared without
 * separators or case (`to_account`, `toAccount`, `to-account`).
 */
const MONEY_NAME =
  /(iban|bic|swift|routing|sortcode|accountnumber|accountno|toaccount|recipientaccount|beneficiary|payee|amount|cardnumber|ccnumber|ccnum|cardcvc|cvv|cvc|securitycode|cardexpir|ccexp)/;
const MONEY_AUTOCOMPLETE = /\b(cc-number|cc-csc|cc-exp(?:-month|-year)?|transaction-amount)\b/;
/** A field a search sends: the query itself. */
const QUERY_NAME = /^(q|query|search|s|keywords?|terms?|searchquery|searchterm|find)$/;
/** Fields a filter or sort form adds to a query without saying anything itself. */
const NARROWING_TYPES = new Set(["hidden", "select", "checkbox", "radio", "range", "number", "date"]);

const squashed = (name: string): string => name.replace(/[\s._\-[\]]+/g, "").toLowerCase();

export function fieldCategories(fields: readonly FormField[]): ConfirmationCategory[] {
  const moves = fields.some((field) => MONEY_NAME.test(squashed(field.name)) || MONEY_AUTOCOMPLETE.test(field.autocomplete ?? ""));
  return moves ? ["purchase"] : [];
}

/** Where a query is typed: a name alone never makes a checkbox named "terms" a search term. */
const QUERY_TYPES = new Set(["text", "search"]);

/** The fields are a query and what narrows it: one or two query fields, and only selects, boxes and hidden state beside them. */
export function readsAsQuery(fields: readonly FormField[]): boolean {
  const isQuery = (field: FormField): boolean =>
    field.type === "search" || (QUERY_TYPES.has(field.type) && QUERY_NAME.test(squashed(field.name)));
  const queries = fields.filter(isQuery);
  return queries.length >= 1 && queries.length <= 2 && fields.every((field) => isQuery(field) || NARROWING_TYPES.has(field.type));
}
