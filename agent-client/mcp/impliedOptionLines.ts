/**
 * A select's diff says the pick twice: the combobox's line with its new `[value="4"]`, then
 * each option whose `[selected]` came or went, as a removed and an added line. When a
 * combobox's new value is on an added line, such a pair tells the model nothing more, so it
 * goes; any other option change (a label, an option added or gone, a listbox's picks) stays.
 */
export function withoutImpliedOptionLines(lines: readonly string[]): string[] {
  if (!lines.some((line) => COMBOBOX_WITH_VALUE.test(line))) return [...lines];
  const forms = new Map<string, Set<string>>();
  for (const line of lines) {
    const option = optionLine(line);
    if (option !== null) forms.set(option.label, (forms.get(option.label) ?? new Set()).add(option.form));
  }
  const toggled = (label: string): boolean => {
    const seen = forms.get(label);
    return seen?.size === 2 && ((seen.has("- selected") && seen.has("+ plain")) || (seen.has("- plain") && seen.has("+ selected")));
  };
  return lines.filter((line) => {
    const option = optionLine(line);
    return option === null || !toggled(option.label);
  });
}

const COMBOBOX_WITH_VALUE = /^\+ combobox .*\[value=/u;

/** `- option "2" [selected]`: the sign, the option's line without the flag, and whether it carries the flag. */
const OPTION_LINE = /^([+-]) (option .*?)( \[selected\])?$/u;

function optionLine(line: string): { label: string; form: string } | null {
  const match = OPTION_LINE.exec(line);
  if (match === null) return null;
  return { label: match[2] ?? "", form: `${match[1] ?? ""} ${match[3] === undefined ? "plain" : "selected"}` };
}
