import { Readability, isProbablyReaderable } from "@mozilla/readability";
import type { ContentResult } from "../../../protocol/index.js";
import { markdownConverter } from "./markdownConverter.js";
import { renderedClone } from "./renderedClone.js";
import { pageOfText } from "./textPaging.js";

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
  const body = document.body ?? document.documentElement;
  const inert = document.implementation.createHTMLDocument(document.title);
  inert.body.replaceWith(renderedClone(body, inert));
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
  const inert = document.implementation.createHTMLDocument("");
  const copy = renderedClone(element, inert);
  if (copy.localName === "body") inert.body.replaceWith(copy);
  else inert.body.replaceChildren(copy);
  return markdownConverter().turndown(inert.body).trim();
}

function isHtmlElement(node: unknown): node is HTMLElement {
  return typeof node === "object" && node !== null && (node as Node).nodeType === 1;
}
