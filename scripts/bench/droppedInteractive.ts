import type { Page } from "playwright-core";
import { layoutViewport, type ViewportFacts } from "./layoutViewport.js";

export interface RefLine {
  ref: string;
  role: string;
  name: string;
}

/** One role and name whose dropped lines Playwright was asked about. */
export interface DroppedGroup {
  role: string;
  name: string;
  dropped: RefLine[];
  keptSame: number;
  inViewport: number;
  /** How many of `dropped` count as visible: more in the viewport than the budget kept. */
  visible: number;
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
  return (await droppedGroups(page, whole, budgeted)).reduce((sum, group) => sum + group.visible, 0);
}

export async function droppedGroups(page: Page, whole: string, budgeted: string): Promise<DroppedGroup[]> {
  const kept = refLines(budgeted);
  const keptRefs = new Set(kept.map((line) => line.ref));
  const dropped = refLines(whole).filter((line) => !keptRefs.has(line.ref));
  const byKey = new Map<string, RefLine[]>();
  // Grouped as Playwright matches names, spaces folded: a link named "\u00a0" is one of the unnamed links to it.
  const keyOf = (line: RefLine): string => `${line.role}\u0000${foldSpaces(line.name)}`;
  for (const line of dropped) byKey.set(keyOf(line), [...(byKey.get(keyOf(line)) ?? []), line]);
  const viewport = layoutViewport(await viewportFacts(page));
  const groups: DroppedGroup[] = [];
  for (const [key, lines] of byKey) {
    const [role = "", name = ""] = key.split("\u0000");
    const keptSame = kept.filter((line) => keyOf(line) === key).length;
    const inViewport = await countInViewport(page, role, name, viewport);
    groups.push({ role, name, dropped: lines, keptSame, inViewport, visible: Math.max(0, Math.min(lines.length, inViewport - keptSame)) });
  }
  return groups;
}

export function refLines(text: string): RefLine[] {
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

/** The sizes layoutViewport chooses between, read in the page (no DOM lib here: through <html>). */
function viewportFacts(page: Page): Promise<ViewportFacts> {
  return page.locator("html").evaluate((root) => {
    const { body } = root.ownerDocument;
    return {
      quirks: root.ownerDocument.compatMode === "BackCompat",
      root: { width: root.clientWidth, height: root.clientHeight },
      body: body === null ? null : { width: body.clientWidth, height: body.clientHeight },
    };
  });
}

/**
 * Playwright's getByRole with a name option of "" and exact matches only elements whose
 * accessible name is empty; without the option, an unnamed `- link [ref=…]` would be
 * looked up as every link of the page (cnet: 20 links on screen for one dropped
 * offscreen image link).
 */
/**
 * A printed name as a Playwright name query: without our truncation mark, and with every
 * space collapsed (ours keep non-breaking spaces; Playwright's name matching folds them).
 */
export function roleQuery(name: string): { name: string; exact: boolean } {
  const truncated = name.endsWith("…");
  return { name: foldSpaces(truncated ? name.slice(0, -1) : name), exact: !truncated };
}

function foldSpaces(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

async function countInViewport(page: Page, role: string, name: string, viewport: { width: number; height: number }): Promise<number> {
  const query = roleQuery(name);
  const locator = (() => {
    try {
      return page.getByRole(role as AriaRole, query);
    } catch {
      return null;
    }
  })();
  const byName = query.name === "" ? null : page.getByText(query.name, { exact: query.exact });
  const count = (target: NonNullable<typeof locator>): Promise<number> =>
    target.evaluateAll(
      (elements, { width, height }) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < height && box.left < width;
        }).length,
      viewport,
    );
  try {
    if (locator !== null) return await count(locator);
  } catch {
    // An unknown role: fall back to the name.
  }
  return byName === null ? 0 : count(byName).catch(() => 0);
}
