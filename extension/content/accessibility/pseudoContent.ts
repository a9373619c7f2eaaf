import { formatCounter } from "./counterStyles.js";

/**
 * One item of a computed `content` value (CSS Content 3), as Chrome serialises it:
 * `"a" attr(x) counter(n, upper-roman) counters(n, ".") open-quote url(…) / "alt"`.
 */
export type ContentItem =
  | { kind: "string"; text: string }
  | { kind: "attr"; name: string }
  | { kind: "counter"; name: string; style: string }
  | { kind: "counters"; name: string; separator: string; style: string }
  | { kind: "quote"; open: boolean }
  | { kind: "image" };

/** A parsed `content` value: what is rendered, and the alternative text after "/" when given. */
export interface ParsedContent {
  main: ContentItem[];
  alternative: ContentItem[] | null;
}

/** What evaluating counters and attributes needs from the page. */
export interface ContentScope {
  attribute(name: string): string;
  /** The values of the counter's instances in scope, outermost first; empty when none is. */
  counterValues(name: string): readonly number[];
}

/** `none`, `normal` and an empty value render nothing. */
export function rendersContent(content: string): boolean {
  return content !== "" && content !== "none" && content !== "normal";
}

export function usesCounters(content: string): boolean {
  return content.includes("counter");
}

/**
 * The text a pseudo-element's content gives an accessible name: its alternative text when
 * there is one (an image's alt, or "" to hide decoration), else the rendered strings,
 * attributes, counters and quotes. Images without alternative text contribute nothing.
 */
export function contentText(content: string, scope: ContentScope): { text: string; fromAlternative: boolean } {
  const parsed = parseContent(content);
  const items = parsed.alternative ?? parsed.main;
  return { text: items.map((item) => itemText(item, scope)).join(""), fromAlternative: parsed.alternative !== null };
}

function itemText(item: ContentItem, scope: ContentScope): string {
  switch (item.kind) {
    case "string":
      return item.text;
    case "attr":
      return scope.attribute(item.name);
    case "counter": {
      const values = scope.counterValues(item.name);
      return formatCounter(values[values.length - 1] ?? 0, item.style);
    }
    case "counters": {
      const values = scope.counterValues(item.name);
      return (values.length === 0 ? [0] : values).map((value) => formatCounter(value, item.style)).join(item.separator);
    }
    case "quote":
      return item.open ? "\u201C" : "\u201D";
    case "image":
      return "";
  }
}

export function parseContent(content: string): ParsedContent {
  const main: ContentItem[] = [];
  let alternative: ContentItem[] | null = null;
  let target = main;
  let index = 0;
  while (index < content.length) {
    const char = content.charAt(index);
    if (char === '"' || char === "'") {
      const read = readString(content, index);
      target.push({ kind: "string", text: read.text });
      index = read.end;
    } else if (char === "/" && alternative === null) {
      alternative = [];
      target = alternative;
      index++;
    } else if (/[A-Za-z-]/.test(char)) {
      const nameEnd = scanIdentifier(content, index);
      const name = content.slice(index, nameEnd).toLowerCase();
      if (content[nameEnd] === "(") {
        const close = matchingParenthesis(content, nameEnd);
        const item = functionItem(name, content.slice(nameEnd + 1, close));
        if (item !== null) target.push(item);
        index = close + 1;
      } else {
        if (name === "open-quote") target.push({ kind: "quote", open: true });
        else if (name === "close-quote") target.push({ kind: "quote", open: false });
        index = nameEnd;
      }
    } else index++;
  }
  return { main, alternative };
}

function functionItem(name: string, body: string): ContentItem | null {
  const args = splitArguments(body);
  switch (name) {
    case "attr":
      return { kind: "attr", name: (args[0] ?? "").split(/\s+/)[0] ?? "" };
    case "counter":
      return { kind: "counter", name: args[0] ?? "", style: args[1] ?? "decimal" };
    case "counters": {
      const separator = args[1] === undefined ? "" : readString(args[1], 0).text;
      return { kind: "counters", name: args[0] ?? "", separator, style: args[2] ?? "decimal" };
    }
    default:
      // url(), image-set(), gradients: an image, which only its alternative text can name.
      return { kind: "image" };
  }
}

/** Top-level comma-separated arguments, trimmed, with strings kept quoted. */
function splitArguments(body: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '"' || char === "'") index = readString(body, index).end - 1;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      args.push(body.slice(start, index).trim());
      start = index + 1;
    }
  }
  const last = body.slice(start).trim();
  if (last !== "" || args.length > 0) args.push(last);
  return args;
}

function readString(value: string, start: number): { text: string; end: number } {
  const quoteChar = value[start];
  let text = "";
  let index = start + 1;
  while (index < value.length && value[index] !== quoteChar) {
    if (value[index] === "\\" && index + 1 < value.length) {
      const escape = readEscape(value, index + 1);
      text += escape.text;
      index = escape.end;
    } else {
      text += value[index];
      index++;
    }
  }
  return { text, end: index + 1 };
}

/** A CSS escape after the backslash: up to six hex digits and one optional space, or a literal character. */
function readEscape(value: string, start: number): { text: string; end: number } {
  const hex = /^[0-9a-fA-F]{1,6}/.exec(value.slice(start, start + 6));
  if (hex === null) return { text: value.charAt(start) === "\n" ? "" : value.charAt(start), end: start + 1 };
  let end = start + hex[0].length;
  if (value[end] === " ") end++;
  const code = Number.parseInt(hex[0], 16);
  return { text: code === 0 || code > 0x10ffff ? "\uFFFD" : String.fromCodePoint(code), end };
}

function scanIdentifier(value: string, start: number): number {
  let index = start;
  while (index < value.length && /[A-Za-z0-9_-]/.test(value.charAt(index))) index++;
  return index;
}

function matchingParenthesis(value: string, open: number): number {
  let depth = 0;
  for (let index = open; index < value.length; index++) {
    const char = value[index];
    if (char === '"' || char === "'") index = readString(value, index).end - 1;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index;
  }
  return value.length;
}
