import type { Page } from "playwright-core";

interface RefLine {
  ref: string;
  role: string;
  name: string;
}

type AriaRole = Parameters<Page["getByRole"]>[0];

/**
 * Counts interactive elements inside the viewport that the budgeted snapshot left out,
 * checked independently of our own geometry: every ref line of the unbudgeted snapshot
 * that the budgeted one lacks is looked up by role and name with Playwright, and counts
 * when more elements of that role and name are in the viewport than the budgeted
 * snapshot kept. Roles Playwright does not know (our `generic` clickables) are looked up
 * by name alone.
 */
export async function droppedVisibleInteractive(page: Page, whole: string, budgeted: string): Promise<number> {
  const kept = refLines(budgeted);
  const keptRefs = new Set(kept.map((line) => line.ref));
  const dropped = refLines(whole).filter((line) => !keptRefs.has(line.ref));
  const groups = new Map<string, RefLine[]>();
  for (const line of dropped) groups.set(`${line.role}\u0000${line.name}`, [...(groups.get(`${line.role}\u0000${line.name}`) ?? []), line]);
  let visible = 0;
  for (const [key, lines] of groups) {
    const [role = "", name = ""] = key.split("\u0000");
    const keptSame = kept.filter((line) => line.role === role && line.name === name).length;
    const inViewport = await countInViewport(page, role, name);
    visible += Math.max(0, Math.min(lines.length, inViewport - keptSame));
  }
  return visible;
}

function refLines(text: string): RefLine[] {
  const lines: RefLine[] = [];
  for (const line of text.split("\n")) {
    const ref = /\[ref=([^\]]+)\]/.exec(line)?.[1];
    const head = /^\s*- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(line);
    if (ref === undefined || head === null) continue;
    lines.push({ ref, role: head[1] ?? "", name: head[2] === undefined ? "" : parseQuoted(head[2]) });
  }
  return lines;
}

function parseQuoted(quoted: string): string {
  try {
    return JSON.parse(quoted.replaceAll("\\=", "=")) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

async function countInViewport(page: Page, role: string, name: string): Promise<number> {
  const truncated = name.endsWith("…");
  const text = truncated ? name.slice(0, -1) : name;
  const nameOption = text === "" ? {} : { name: text, exact: !truncated };
  const locator = (() => {
    try {
      return page.getByRole(role as AriaRole, nameOption);
    } catch {
      return null;
    }
  })();
  const byName = text === "" ? null : page.getByText(text, { exact: !truncated });
  const count = (target: NonNullable<typeof locator>): Promise<number> =>
    target.evaluateAll((elements) => {
      const view = elements[0]?.ownerDocument.documentElement;
      const height = view?.clientHeight ?? 0;
      const width = view?.clientWidth ?? 0;
      return elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < height && box.left < width;
      }).length;
    });
  try {
    if (locator !== null) return await count(locator);
  } catch {
    // An unknown role: fall back to the name.
  }
  return byName === null ? 0 : count(byName).catch(() => 0);
}
