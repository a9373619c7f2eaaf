/**
 * Text as `text-transform` renders it, which is what Chrome names with. `full-size-kana`
 * is left out as Chrome leaves it out: enlarging small kana can change a word's meaning.
 * `capitalize` starts a word after any character that is not a letter, digit or
 * apostrophe; `atWordStart` says whether the text begins a word (a text node after
 * another node's letters does not).
 */
export function applyTextTransform(text: string, transform: string, atWordStart = true): string {
  switch (transform) {
    case "uppercase":
      return text.toUpperCase();
    case "lowercase":
      return text.toLowerCase();
    case "capitalize":
      return capitalize(text, atWordStart);
    default:
      return text;
  }
}

const WORD_START = /(^|[^\p{L}\p{N}\p{M}'\u2019])(\p{L})/gu;

function capitalize(text: string, atWordStart: boolean): string {
  const capitalized = text.replace(WORD_START, (_match, before: string, letter: string) => before + letter.toUpperCase());
  if (atWordStart || text === "" || !/^\p{L}/u.test(text)) return capitalized;
  // The first letter continues the previous node's word.
  const first = Array.from(text)[0] ?? "";
  return first + capitalized.slice(first.length);
}
