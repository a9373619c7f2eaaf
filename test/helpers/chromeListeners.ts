import type { Page } from "puppeteer-core";

/** The pointer handlers a listener record can give a ref for. */
const HANDLER_TYPES = new Set(["click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup"]);

/**
 * The handler types Chrome itself lists for the element, read through the DevTools protocol:
 * the truth a page's tricks on our listener records are checked against.
 */
export async function listenerTypes(page: Page, id: string): Promise<string[]> {
  const cdp = await page.createCDPSession();
  try {
    const found = await cdp.send("Runtime.evaluate", { expression: `document.getElementById(${JSON.stringify(id)})` });
    const objectId = found.result.objectId;
    if (objectId === undefined) throw new Error(`no element #${id}`);
    const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId });
    return listeners.map((listener) => listener.type).filter((type) => HANDLER_TYPES.has(type));
  } finally {
    await cdp.detach();
  }
}
