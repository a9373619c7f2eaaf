import type { Browser, Target } from "puppeteer-core";

function isExtensionWorker(target: Target): boolean {
  return target.type() === "service_worker" && target.url().startsWith("chrome-extension://");
}

/**
 * Stops the extension's service worker as Chrome does when it is idle, with no DevTools
 * session attached to it. A session still attached while the worker stops and starts again
 * makes Chrome keep its DevTools target and start the new worker paused until a debugger
 * resumes it; no one does, so the worker never runs its script and never reconnects to the
 * bridge (tab events do not help either). Puppeteer's WebWorker.close() detaches only after
 * closing the target, and loses that race whenever the offscreen waker starts the worker in
 * between, which a loaded machine makes likely. The person's Chrome has no such session: this
 * is the tests' concern, not the extension's.
 */
export async function stopExtensionWorker(browser: Browser): Promise<void> {
  await browser.waitForTarget(isExtensionWorker);
  // Puppeteer keeps one session per worker target, shared by every target.worker() (the
  // helpers' and tests' evaluate): it must go before the worker does.
  for (const target of browser.targets().filter(isExtensionWorker)) {
    const worker = await target.worker().catch(() => null);
    if (worker !== null && !worker.client.detached) await worker.client.detach().catch(() => undefined);
  }
  const cdp = await browser.target().createCDPSession();
  try {
    const { targetInfos } = await cdp.send("Target.getTargets");
    const info = targetInfos.find((each) => each.type === "service_worker" && each.url.startsWith("chrome-extension://"));
    if (info === undefined) throw new Error("the extension's service worker is not running");
    if (info.attached)
      throw new Error(
        "a DevTools session is still attached to the extension's service worker; stopping it now would leave the next one paused",
      );
    await cdp.send("Target.closeTarget", { targetId: info.targetId });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
