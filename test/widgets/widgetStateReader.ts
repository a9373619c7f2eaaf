/** What both puppeteer's and Playwright's pages offer for reading a page's own JavaScript. */
interface EvaluatingPage {
  evaluate<T>(fn: () => T): Promise<T>;
}

/** `window.widgetState()` of a widget page, read beside the agent (never through the agent's own tools). */
export async function readWidgetState(page: EvaluatingPage): Promise<unknown> {
  return page.evaluate(() => {
    const reader = (globalThis as { widgetState?: () => unknown }).widgetState;
    if (reader === undefined) throw new Error("the page defines no window.widgetState");
    return JSON.parse(JSON.stringify(reader())) as unknown;
  });
}
