/**
 * A counter's value in a predefined counter style (CSS Counter Styles 3), for the styles
 * pages use in generated content; any other style falls back to decimal, as CSS does for
 * styles it cannot resolve.
 */
export function formatCounter(value: number, style: string): string {
  switch (style.trim().toLowerCase()) {
    case "none":
      return "";
    case "disc":
      return "\u2022";
    case "circle":
      return "\u25E6";
    case "square":
      return "\u25AA";
    case "decimal-leading-zero":
      return value >= 0 && value < 10 ? `0${value}` : String(value);
    case "lower-alpha":
    case "lower-latin":
      return alphabetic(value, "abcdefghijklmnopqrstuvwxyz");
    case "upper-alpha":
    case "upper-latin":
      return alphabetic(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    case "lower-greek":
      return alphabetic(value, "αβγδεζηθικλμνξοπρστυφχψω");
    case "lower-roman":
      return roman(value).toLowerCase();
    case "upper-roman":
      return roman(value);
    default:
      return String(value);
  }
}

/** Bijective base-N (a, b, …, z, aa, ab); values below 1 fall back to decimal. */
function alphabetic(value: number, letters: string): string {
  if (value < 1) return String(value);
  const symbols = Array.from(letters);
  let text = "";
  let rest = value;
  while (rest > 0) {
    rest--;
    text = symbols[rest % symbols.length] + text;
    rest = Math.floor(rest / symbols.length);
  }
  return text;
}

const ROMAN: ReadonlyArray<readonly [number, string]> = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** Roman numerals cover 1 to 3999; other values fall back to decimal. */
function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  let text = "";
  let rest = value;
  for (const [amount, symbol] of ROMAN) {
    while (rest >= amount) {
      text += symbol;
      rest -= amount;
    }
  }
  return text;
}
