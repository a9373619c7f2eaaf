/** Escapes text for one cell of a Markdown table: a `|` would end the cell, a newline the row. */
export function markdownCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Inline code; a backtick inside would end it, so it becomes a quote. */
export function markdownCode(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}
