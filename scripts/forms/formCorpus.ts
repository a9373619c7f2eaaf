import { readFileSync, readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** One form of the corpus (test/fixtures/forms/NAME.html): what to do on it and whether that must be held. */
export interface FormCase {
  /** The file's path under the corpus without .html (checkouts/payment): the form's name in every report and its page's path. */
  name: string;
  /** hold: a step that commits (must answer confirmation_required); pass: one that only moves along. */
  expect: "hold" | "pass";
  /** What sort of form it is: signup, wizard-middle, add-to-cart, search… */
  kind: string;
  /** click the control, or press Enter in it. */
  act: "click" | "enter";
  role: string;
  label: string;
}

/** Where the corpus lives, from this module's place in the source tree or its build under dist/node/. */
export function formCorpusDirectory(): string {
  const here = fileURLToPath(import.meta.url);
  const root = here.includes("/dist/node/") ? here.slice(0, here.indexOf("/dist/node/")) : join(here, "..", "..", "..");
  return join(root, "test", "fixtures", "forms");
}

const CASE_META = /<meta name="form-case" ([^>]*)>/;

/**
 * Every form of the corpus, by name, each read from its file's `<meta name="form-case">`. A
 * folder is part of the page's path: a checkout's steps sit under checkouts/, where a real
 * shop serves them.
 */
export function readFormCorpus(directory = formCorpusDirectory()): FormCase[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.split(sep).join("/"))
    .sort()
    .map((file) => parseCase(file.slice(0, -".html".length), readFileSync(join(directory, file), "utf8")));
}

function parseCase(name: string, html: string): FormCase {
  const meta = CASE_META.exec(html)?.[1];
  if (meta === undefined) throw new Error(`${name}.html has no <meta name="form-case">`);
  const attribute = (key: string): string => {
    const value = new RegExp(`${key}="([^"]*)"`).exec(meta)?.[1];
    if (value === undefined || value === "") throw new Error(`${name}.html: form-case has no ${key}`);
    return value.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  };
  const expect = attribute("content");
  const act = attribute("data-act");
  if (expect !== "hold" && expect !== "pass") throw new Error(`${name}.html: form-case content is "${expect}", not hold or pass`);
  if (act !== "click" && act !== "enter") throw new Error(`${name}.html: data-act is "${act}", not click or enter`);
  return { name, expect, act, kind: attribute("data-kind"), role: attribute("data-role"), label: attribute("data-name") };
}
