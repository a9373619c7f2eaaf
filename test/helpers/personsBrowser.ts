import type { WebOperatorSession } from "./webOperatorSession.js";

/**
 * Does what the person at the browser does (open a tab, raise another window, minimize
 * one) from the extension's service worker, with chrome.* APIs: none of it goes through
 * an agent's socket, so the agents see it as the person's doing.
 */
export async function asThePerson<T>(session: WebOperatorSession, expression: string): Promise<T> {
  const target = await session.launched.browser.waitForTarget(
    (candidate) => candidate.type() === "service_worker" && candidate.url().startsWith("chrome-extension://"),
  );
  const worker = await target.worker();
  if (worker === null) throw new Error("the extension's service worker is not running");
  return (await worker.evaluate(expression)) as T;
}
