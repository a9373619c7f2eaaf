import { Readability, isProbablyReaderable } from "@mozilla/readability";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { markdownConverter } from "./markdownConverter.js";
import { renderedClone } from "./renderedClone.js";
import { pageOfText } from "./textPaging.js";
import * as dom from "../dom/intrinsics.js";

/**
 * format "markdown" of the "extract" op: a ref's subtree, else the page's main
 * content as Readability finds it, else the whole body; converted by turndown, then
 * capped and paged like text.
 */
export function extractMarkdown(element: Element | null, fromChar: number, pageChars: number): ContentResult<"extract"> {
  const { markdown, source } = element === null ? pageMarkdown() : { markdown: convert(element), source: "element" as const };
  return { url: location.href, ...pageOfText(markdown, fromChar, pageChars), format: "markdown", source };
}

function pageMarkdown(): { markdown: string; source: "article" | "page" } {
  const body = dom.body(document) ?? dom.documentElement(document);
  const inert = dom.implementation(document).createHTMLDocument(dom.documentTitle(document));
  dom.replaceWith(dom.body(inert), renderedClone(body, inert));
  // Readability always returns its best guess; on a page without an article (a form, a
  // dashboard) that guess is a fragment, so its own readerable test decides first.
  if (!isProbablyReaderable(inert)) return { markdown: convert(body), source: "page" };
  // Readability rewrites the document it is given: it gets the inert copy, never the page.
  const article = new Readability<Node>(inert, { serializer: (node) => node }).parse();
  const content = article?.content;
  if (isHtmlElement(content)) {
    const markdown = markdownConverter().turndown(content).trim();
    if (markdown !== "") {
      const title = article?.title?.trim() ?? "";
      return { markdown: title !== "" && !markdown.startsWith("# ") ? `# ${title}\n\n${markdown}` : markdown, source: "article" };
    }
  }
  return { markdown: convert(body), source: "page" };
}

function convert(element: Element): string {
  const inert = dom.implementation(document).createHTMLDocument("");
  const copy = renderedClone(element, inert);
  if (dom.localName(copy) === "body") dom.replaceWith(dom.body(inert), copy);
  else dom.replaceChildren(dom.body(inert), copy);
  return markdownConverter().turndown(dom.body(inert)).trim();
}

function isHtmlElement(node: unknown): node is HTMLElement {
  return typeof node === "object" && node !== null && dom.nodeType(node as Node) === 1;
}
