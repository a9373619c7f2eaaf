import { lastElementIn, type AgentDialect, type DialectFactory } from "./agentDialect.js";

/** A snapshot line: `uid=N_M role "name" attributes…`. */
const ELEMENT_LINE = /uid=(?<ref>\S+) (?<role>[a-zA-Z]+) "(?<name>[^"\n]*)"/g;

/**
 * chrome-devtools-mcp (1.11.0). Its page-scoped tools need the page's id, which the agent
 * learns from the page list `new_page` answers; its clicks and key presses take
 * `includeSnapshot`, so their answers carry the page (`## Latest page snapshot`) and no
 * snapshot turn follows them.
 */
export const devtoolsDialect: DialectFactory = (offered): AgentDialect => {
  let pageId: number | undefined;
  const page = (): number => {
    if (pageId === undefined) throw new Error("chrome-devtools-mcp: no page id seen yet");
    return pageId;
  };
  return {
    server: "chrome-devtools",
    open: (url) => ({ tool: "new_page", input: { url } }),
    snapshot: () => ({ tool: "take_snapshot", input: { pageId: page() } }),
    click: (target) => ({ tool: "click", input: { pageId: page(), uid: target.ref, includeSnapshot: true } }),
    type: (target, text, submit) => [
      { tool: "fill", input: { pageId: page(), uid: target.ref, value: text } },
      ...(submit ? [{ tool: "press_key", input: { pageId: page(), key: "Enter", includeSnapshot: true } }] : []),
    ],
    select: (target, label) => ({ tool: "fill", input: { pageId: page(), uid: target.ref, value: label } }),
    check: (target) => ({ tool: "fill", input: { pageId: page(), uid: target.ref, value: "true" } }),
    fillAndSubmit: () => undefined,
    fillForm: (fields) =>
      offered.has("fill_form")
        ? {
            tool: "fill_form",
            input: { pageId: page(), elements: fields.map(({ target, value }) => ({ uid: target.ref, value: String(value) })) },
          }
        : undefined,
    confirmation: () => undefined,
    find: (view, role, name) => lastElementIn(view, ELEMENT_LINE, role, name),
    freshView: (text) => /## Latest page snapshot\n([\s\S]*?)(?=\n## |$)/.exec(text)?.[1],
    leftDocument: (text) => /^Page navigated to |^Successfully navigated/m.test(text),
    urlIn: (text) => /RootWebArea "[^"\n]*" url="([^"]+)"/.exec(text)?.[1] ?? /navigated (?:back )?to (\S+?)\.?$/m.exec(text)?.[1],
    observe(text) {
      const selected = /^(\d+): .*\[selected\]$/m.exec(text)?.[1];
      if (selected !== undefined) pageId = Number(selected);
    },
  };
};
