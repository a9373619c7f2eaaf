import { lastElementIn, type AgentDialect, type DialectFactory, type Target } from "./agentDialect.js";

/** A snapshot line: `- role "name" [attributes] [ref=eN]`. */
const ELEMENT_LINE = /^\s*- (?<role>[a-z]+) "(?<name>[^"\n]*)"[^\n]*?\[ref=(?<ref>[^\]\s]+)\]/gm;

/** `browser_fill_form`'s field types, by the role the snapshot printed. */
const FIELD_TYPES: Record<string, string> = { checkbox: "checkbox", radio: "radio", combobox: "combobox", slider: "slider" };

/** The words Playwright MCP's schema asks for beside each ref. */
const element = (target: Target): string => `${target.name} ${target.role}`;

/**
 * Playwright MCP (0.0.83). Its writes put the page's snapshot into a file and link it
 * (`- [Snapshot](….yml)`), so only an inline `### Snapshot` yaml block is a view; the
 * answer's `- Page URL:` tells whether the tab went to another document.
 */
export const playwrightDialect: DialectFactory = (offered): AgentDialect => ({
  server: "playwright",
  open: (url) => ({ tool: "browser_navigate", input: { url } }),
  snapshot: () => ({ tool: "browser_snapshot", input: {} }),
  click: (target) => ({ tool: "browser_click", input: { element: element(target), target: target.ref } }),
  type: (target, text, submit) => [
    { tool: "browser_type", input: { element: element(target), target: target.ref, text, ...(submit ? { submit: true } : {}) } },
  ],
  select: (target, label) => ({ tool: "browser_select_option", input: { element: element(target), target: target.ref, values: [label] } }),
  check: (target) => ({ tool: "browser_click", input: { element: element(target), target: target.ref } }),
  fillAndSubmit: () => undefined,
  fillForm: (fields) =>
    offered.has("browser_fill_form")
      ? {
          tool: "browser_fill_form",
          input: {
            fields: fields.map(({ target, value }) => ({
              target: target.ref,
              name: target.name,
              type: FIELD_TYPES[target.role] ?? "textbox",
              value: String(value),
            })),
          },
        }
      : undefined,
  confirmation: () => undefined,
  find: (view, role, name) => lastElementIn(view, ELEMENT_LINE, role, name),
  freshView: (text) => /### Snapshot\n```yaml\n([\s\S]*?)```/.exec(text)?.[1],
  leftDocument(text, url) {
    const now = this.urlIn(text);
    return now !== undefined && now !== url;
  },
  urlIn: (text) => /^- Page URL: (\S+)/m.exec(text)?.[1],
  observe: () => undefined,
});
