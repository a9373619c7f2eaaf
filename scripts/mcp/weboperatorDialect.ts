import { lastElementIn, type AgentDialect, type DialectFactory } from "./agentDialect.js";

/** A snapshot line, `- role "name" … [ref=REF]`, or a line of a `changes:` diff (`+`/`-`). */
const ELEMENT_LINE = /^\s*[-+] (?<role>[a-z]+) "(?<name>[^"\n]*)"[^\n]*?\[ref=(?<ref>[^\]\s]+)\]/gm;

/** A `changes:` block: the diff of an in-page change, whose lines look like snapshot lines but are not a view. */
const CHANGES_BLOCK = /^changes:\n(?:[-+ ].*(?:\n|$))*/gm;

/**
 * `weboperator mcp` (lean default). A write that loads a new document says "The tab went to a
 * new document"; when the server answers with that document's first look, its snapshot lines
 * are the view. `fill_form` is used when the host offers it, with its `submit` when a form's button follows.
 */
export const weboperatorDialect: DialectFactory = (offered): AgentDialect => ({
  server: "weboperator",
  open: (url) => ({ tool: "navigate", input: { url } }),
  snapshot: () => ({ tool: "snapshot", input: {} }),
  click: (target) => ({ tool: "click", input: { ref: target.ref } }),
  type: (target, text, submit) => [{ tool: "type", input: { ref: target.ref, text, ...(submit ? { submit: true } : {}) } }],
  select: (target, label) => ({ tool: "select_option", input: { ref: target.ref, labels: [label] } }),
  check: (target) => ({ tool: "click", input: { ref: target.ref } }),
  fillForm: (fields) =>
    offered.has("fill_form")
      ? { tool: "fill_form", input: { fields: fields.map((field) => ({ ref: field.target.ref, value: field.value })) } }
      : undefined,
  fillAndSubmit: (fields, submit) =>
    offered.has("fill_form")
      ? { tool: "fill_form", input: { fields: fields.map((field) => ({ ref: field.target.ref, value: field.value })), submit: submit.ref } }
      : undefined,
  confirmation(text) {
    const id = /call confirm \{"id":"([^"]+)"/.exec(text)?.[1];
    return id === undefined ? undefined : { tool: "confirm", input: { id, allow: true } };
  },
  find: (view, role, name) => lastElementIn(view, ELEMENT_LINE, role, name),
  freshView(text) {
    const outsideDiff = text.replace(CHANGES_BLOCK, "");
    return new RegExp(ELEMENT_LINE.source, "m").test(outsideDiff) ? outsideDiff : undefined;
  },
  leftDocument: (text) => /went to a new document|^Effect: navigated|\(navigated\)$/m.test(text),
  urlIn: (text) => /^url: (\S+)/m.exec(text)?.[1],
  observe: () => undefined,
});
