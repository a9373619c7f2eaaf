import { isOwnStringKey } from "../../protocol/index.js";

/**
 * A result's top-level fields split by who wrote them, for one page-data marking per result:
 * - `own`: numbers, booleans, nulls and the strings WebOperator writes itself (codes, enums,
 *   ids), which stand outside the marking;
 * - `page`: every other string, and every array or object (a tab list, dialogs, selected
 *   options), which may carry a page's words, inside it.
 */
export interface ResultFields {
  own: Array<[string, string | number | boolean | null]>;
  page: Array<[string, unknown]>;
}

export function splitResultFields(result: Record<string, unknown>, skip: ReadonlySet<string> = new Set()): ResultFields {
  const fields: ResultFields = { own: [], page: [] };
  for (const [key, value] of Object.entries(result)) {
    if (skip.has(key) || value === undefined) continue;
    if (value === null || typeof value === "number" || typeof value === "boolean") fields.own.push([key, value]);
    else if (typeof value === "string" && isOwnStringKey(key)) fields.own.push([key, value]);
    else fields.page.push([key, value]);
  }
  return fields;
}

/** Our own fields as one compact line: `refCount=12 source=dom`. */
export function ownFieldsText(own: ResultFields["own"]): string {
  return own.map(([key, value]) => `${key}=${String(value)}`).join(" ");
}

/** Page fields as lines for inside the marking: strings as they are, the rest as JSON. */
export function pageFieldLines(page: ResultFields["page"]): string[] {
  return page.map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
}
