/**
 * The text a ::before/::after `content` value contributes to an accessible name (CSS
 * Content 3): its alternative text after "/" when there is one, else its strings joined.
 * Images, counters and quotes contribute nothing here (their values are not in the string).
 */
export function pseudoContentText(content: string): string {
  const parts = splitAlternative(content);
  const source = parts.alternative ?? parts.main;
  return quotedStrings(source).join("");
}

function splitAlternative(content: string): { main: string; alternative: string | null } {
  let quote: string | null = null;
  let depth = 0;
  for (let index = 0; index < content.length; index++) {
    const char = content[index];
    if (quote !== null) {
      if (char === "\\") index++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === "/" && depth === 0) return { main: content.slice(0, index), alternative: content.slice(index + 1) };
  }
  return { main: content, alternative: null };
}

/** The quoted strings of a value, outside functions (url("…"), counter(…)). */
function quotedStrings(value: string): string[] {
  const strings: string[] = [];
  let depth = 0;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if ((char === '"' || char === "'") && depth >= 0) {
      let text = "";
      let end = index + 1;
      for (; end < value.length && value[end] !== char; end++) {
        if (value[end] === "\\" && end + 1 < value.length) end++;
        text += value[end];
      }
      if (depth === 0) strings.push(text);
      index = end;
    }
  }
  return strings;
}

/**
 * A pseudo-element's computed style whose `content` reads as the quoted text above, which
 * is the form dom-accessibility-api takes it in; every other property is the real one.
 */
export function withNamingContent(style: CSSStyleDeclaration): CSSStyleDeclaration {
  return new Proxy(style, {
    get(target, property) {
      if (property === "getPropertyValue") {
        return (name: string): string => {
          const value = target.getPropertyValue(name);
          if (name !== "content" || value === "none" || value === "normal" || value === "") return value;
          return JSON.stringify(pseudoContentText(value));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
