import type { WebOperatorClient } from "../../agent-client/client.js";
import { refIn } from "./snapshotRefs.js";
import type { WidgetAgent } from "./widgetTask.js";

/** Deep refs (read_page_deep) read c{workerNonce}_{tabEpoch}_{generation}_{index}; a snapshot's do not. */
const DEEP_REF = /^c[a-z0-9]+_\d+_\d+_\d+$/;
/** Generous: a loaded two-core machine can be slow, and a widget task that times out tells less than a slow one. */
const TIMEOUT_MS = 45_000;
/** The same pause the Playwright agent takes before a second look (Playwright MCP's settle time). */
const SETTLE_MS = 500;

/**
 * The scripted agent through WebOperator's socket, as an agent would use it: browser.snapshot
 * to look (read_page_deep when the snapshot misses something, for frames and closed roots),
 * and the real write commands. A write that loaded a new document answers its first look,
 * which serves as the next look. From the second attempt on, it falls back as an agent would
 * after a failure: type_trusted when type failed.
 */
export function webOperatorAgent(client: WebOperatorClient, attempt: number): WidgetAgent {
  let latest: string | null = null;
  const call = client.request.bind(client);

  const keepFirstLook = (result: { first_look?: { text: string } | undefined }): void => {
    if (result.first_look !== undefined) latest = result.first_look.text;
  };
  const look = async (): Promise<string> => {
    latest = (await call("browser.snapshot", {}, { timeoutMs: TIMEOUT_MS })).text;
    return latest;
  };

  return {
    driver: "weboperator",
    look,
    async find(role, name) {
      const seen = latest ?? (await look());
      let ref = refIn(seen, role, name) ?? refIn(await look(), role, name);
      // What is still fading or sliding in may not show yet: as an agent would (and as the
      // Playwright agent does), wait a moment and look once more before reading deeper.
      if (ref === null) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        ref = refIn(await look(), role, name);
      }
      if (ref !== null) return ref;
      const deep = (await call("browser.read_page_deep", {}, { timeoutMs: TIMEOUT_MS })).text;
      const deepRef = refIn(deep, role, name);
      if (deepRef === null) throw new Error(`no ${role} named ${String(name)} in the snapshot or read_page_deep:\n${latest ?? ""}`);
      return deepRef;
    },
    async click(ref) {
      if (DEEP_REF.test(ref)) keepFirstLook(await call("browser.click_deep", { ref }, { timeoutMs: TIMEOUT_MS }));
      else keepFirstLook(await call("browser.click", { ref }, { timeoutMs: TIMEOUT_MS }));
    },
    async type(ref, text) {
      try {
        keepFirstLook(await call("browser.type", { ref, text }, { timeoutMs: TIMEOUT_MS }));
      } catch (error) {
        if (attempt === 1) throw error;
        keepFirstLook(await call("browser.type_trusted", { ref, text }, { timeoutMs: TIMEOUT_MS }));
      }
    },
    async press(key, ref) {
      keepFirstLook(await call("browser.press", ref === undefined ? { key } : { key, ref }, { timeoutMs: TIMEOUT_MS }));
    },
    async select(ref, option) {
      await call("browser.select_option", { ref, labels: [option] }, { timeoutMs: TIMEOUT_MS });
    },
    async drag(from, to) {
      keepFirstLook(await call("browser.drag", { from: { ref: from }, to: { ref: to } }, { timeoutMs: TIMEOUT_MS }));
    },
  };
}
