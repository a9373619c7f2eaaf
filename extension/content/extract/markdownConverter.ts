import TurndownService from "turndown";
import * as dom from "../dom/intrinsics.js";

/** Inline images are data, not reading matter: megabytes of base64 would fill every page. */
const INLINE_IMAGE = /^data:/i;

let converter: TurndownService | null = null;

/** One turndown instance per content script, configured for compact GitHub-style Markdown. */
export function markdownConverter(): TurndownService {
  if (converter !== null) return converter;
  converter = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*" });
  // The Node-side program (tests import this file) resolves turndown's typings otherwise and needs the assertion.
  const svg = "svg" as keyof HTMLElementTagNameMap;
  converter.remove(["script", "style", "noscript", "template", "iframe", svg, "button", "select", "input", "textarea"]);
  converter.addRule("inlineImages", {
    filter: (node) => dom.nodeName(node) === "IMG" && INLINE_IMAGE.test(dom.getAttribute(node, "src") ?? ""),
    replacement: (_content, node) => {
      const alt = dom.getAttribute(node, "alt")?.trim() ?? "";
      return alt === "" ? "" : `![${alt.replace(/[[\]]/g, "")}](data:…)`;
    },
  });
  return converter;
}
