/** A tiny element builder: the panel renders from state with plain DOM, no framework. */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

export function button(
  label: string,
  onClick: () => void | Promise<void>,
  className = "",
  attributes: Record<string, string> = {},
): HTMLButtonElement {
  const element = h("button", { type: "button", class: className || undefined, ...attributes }, label);
  element.addEventListener("click", () => {
    element.disabled = true;
    void Promise.resolve(onClick()).finally(() => {
      element.disabled = false;
    });
  });
  return element;
}

export function relativeTime(iso: string | number): string {
  const ms = Date.now() - (typeof iso === "number" ? iso : Date.parse(iso));
  if (!Number.isFinite(ms)) return "";
  if (ms < 0) return `in ${Math.ceil(-ms / 1000)} s`;
  if (ms < 60_000) return `${Math.floor(ms / 1000)} s ago`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  return new Date(iso).toLocaleString();
}
