import { describe, expect } from "vitest";
import { WebOperatorClient } from "../../agent-client/client.js";
import { WebOperatorError } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { findRef } from "../helpers/webOperatorSession.js";

const it = sessionTest({}, { confirmations: "agent" });

const AGENTS = 50;
/** 50 tabs opening at once on a loaded machine take long; a timeout here would say nothing about the holds. */
const SLOW = { timeoutMs: 300_000 };

/**
 * A page whose two harmless-looking controls send an order by script: one with fetch (held by
 * the declarativeNetRequest rules), one with form.submit() (held by the page's form hold).
 */
function orderPage(who: string): string {
  return `<title>Shop of ${who}</title><p id="state">idle</p>
    <form id="order" method="post" action="/held/${who}/form/checkout"><input type="hidden" name="cart" value="7"></form>
    <div role="button" tabindex="0" id="script">Refresh prices</div>
    <div role="button" tabindex="0" id="form">Next</div>
    <script>
      document.getElementById("script").addEventListener("click", () => fetch("/held/${who}/fetch/orders", { method: "POST", body: "{}" }).catch(() => undefined));
      document.getElementById("form").addEventListener("click", () => document.getElementById("order").submit());
    </script>`;
}

/** What a click answered: the categories of the confirmation it asks for, or how else it ended. */
async function clickAnswer(client: WebOperatorClient, ref: string): Promise<string> {
  try {
    await client.request("browser.click", { ref }, SLOW);
    return "went through";
  } catch (error) {
    if (error instanceof WebOperatorError && error.code === "confirmation_required")
      return `held: ${error.confirmation?.categories.join(",")}`;
    return error instanceof WebOperatorError ? `refused: ${error.code}` : `failed: ${String(error)}`;
  }
}

describe("50 agents at once: no write runs without its holds (issue 48)", () => {
  it(
    "every script-sent order of 50 agents' clicks at once is held before it leaves: the server receives none",
    { timeout: 900_000 },
    async ({ session }) => {
      const clients = await Promise.all(
        Array.from({ length: AGENTS }, (_, index) =>
          WebOperatorClient.connect({ socketPath: session.launched.socket, token: session.launched.token, agent: `held-${index}` }),
        ),
      );
      try {
        const answers = await Promise.all(
          clients.map(async (client, index) => {
            const who = `agent${index}`;
            await client.request("browser.tab_open", { url: inlinePage(session.pages, orderPage(who)) }, SLOW);
            const snapshot = (await client.request("browser.snapshot", {}, SLOW)).text;
            // Three clicks each, alternating the two sends, as fast as each agent can.
            const script = await clickAnswer(client, findRef(snapshot, "button", "Refresh prices"));
            const form = await clickAnswer(client, findRef(snapshot, "button", "Next"));
            const again = await clickAnswer(client, findRef(snapshot, "button", "Refresh prices"));
            return [script, form, again];
          }),
        );
        // The server's own record: a write whose hold was missing let its order reach the server.
        const reachedServer = session.pages.requested.filter((line) => line.includes("/held/"));
        expect(reachedServer).toEqual([]);
        // And each write was held by the defence, not stopped some other way.
        const notHeld = answers.flat().filter((answer) => answer !== "held: purchase");
        expect(notHeld).toEqual([]);
        expect(answers.flat()).toHaveLength(AGENTS * 3);
      } finally {
        for (const client of clients) client.close();
      }
    },
  );
});
