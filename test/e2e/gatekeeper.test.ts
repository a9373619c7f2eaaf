import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CommandPayloadInput, type CommandType, type ConfirmationRequest, type FailureStage } from "../../protocol/index.js";
import type { UserPolicySettings } from "../../protocol/tools/gatekeeperTools.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { refusalOf } from "../helpers/refusal.js";

describe("the gatekeeper: domain policy, capabilities and confirmations", () => {
  let session: WebOperatorSession;
  let gateUrl: string;
  /** The same fixture server under another host name, so one can be blocked and the other not. */
  let otherHost: (path: string) => string;
  let tabId: number;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    gateUrl = session.pages.url("/gate-actions.html");
    otherHost = (path) => session.pages.url(path).replace("127.0.0.1", "localhost");
    tabId = (await session.client.request("browser.navigate", { url: gateUrl })).tabId;
  });
  afterEach(async () => {
    await setUserSettings(null);
  });
  afterAll(async () => {
    await session?.close();
  });

  /** The user's channel: chrome.storage.local, as the service worker's DevTools console would write it. */
  const setUserSettings = (settings: UserPolicySettings | null): Promise<void> => setUserPolicy(session, settings);

  async function failure<T extends CommandType>(
    type: T,
    payload: CommandPayloadInput<T>,
  ): Promise<{ code: string; message: string; confirmation?: ConfirmationRequest; stage?: FailureStage }> {
    const error = await refusalOf(session.client.request(type, payload), type);
    return { code: error.code, message: error.message, confirmation: error.confirmation, stage: error.stage };
  }

  /** The structured confirmation, whose id the message repeats for agents that read only text. */
  async function confirmationFor<T extends CommandType>(
    type: T,
    payload: CommandPayloadInput<T>,
  ): Promise<{ id: string; message: string; confirmation: ConfirmationRequest }> {
    const { code, message, confirmation } = await failure(type, payload);
    expect(code).toBe("confirmation_required");
    if (confirmation === undefined) throw new Error(`no confirmation field beside: ${message}`);
    expect(message).toContain(`confirmation id: ${confirmation.id}`);
    return { id: confirmation.id, message, confirmation };
  }

  async function openGate(): Promise<{ text: string }> {
    await session.client.request("browser.navigate", { url: gateUrl });
    return session.client.request("browser.snapshot", {});
  }

  async function status(): Promise<string> {
    return (await session.client.request("browser.extract", {})).text;
  }

  /** Every call here routes to the agent's one default tab. */
  async function currentUrl(): Promise<string> {
    const { tabs } = await session.client.request("browser.tabs_list", {});
    return tabs.find((candidate) => candidate.tabId === tabId)?.url ?? "(tab gone)";
  }

  it("policy_get shows the bundled defaults: everything reachable, JavaScript and uploads off, every category confirmed", async () => {
    const { policy, userOverrides } = await session.client.request("browser.policy_get", {});
    expect(policy).toMatchObject({
      allowedHosts: [],
      blockedHosts: [],
      blockPrivateNetworks: false,
      allowJavaScript: false,
      allowUploads: false,
      confirm: { purchase: true, account: true, messaging: true, credentials: true, submit: true },
      confirmationTimeoutMs: 60_000,
      socketMayLoosen: false,
      shareAgentTabs: false,
    });
    // The one setting this session made as the user: the socket answers confirmations, headless or headed.
    expect(userOverrides).toEqual(["confirmations"]);
  });

  it("denies run_javascript and upload_file by default, saying how the user enables them", async () => {
    await openGate();
    const js = await failure("browser.run_javascript", { code: "document.title" });
    expect(js.code).toBe("policy_denied");
    expect(js.message).toMatch(/allowJavaScript: true/);
    const snapshot = await session.client.request("browser.snapshot", {});
    const upload = await failure("browser.upload_file", {
      ref: findRef(snapshot.text, "textbox", "Card name"),
      files: [{ name: "a.txt", mimeType: "text/plain", base64: "YQ==" }],
    });
    expect(upload.code).toBe("policy_denied");
    expect(upload.message).toMatch(/allowUploads: true/);

    await setUserSettings({ allowJavaScript: true });
    expect((await session.client.request("browser.run_javascript", { code: "document.title" })).result).toBe('"Gate fixture"');
  });

  it("policy_set only tightens: blocking works, loosening and socketMayLoosen are refused", async () => {
    const tightened = await session.client.request("browser.policy_set", { blockedHosts: ["localhost"], confirmationTimeoutMs: 30_000 });
    expect(tightened.changed.sort()).toEqual(["blockedHosts", "confirmationTimeoutMs"]);
    expect(tightened.policy.blockedHosts).toEqual(["localhost"]);
    // Agent tightenings are kept apart from the user's settings, and end with the browser session.
    const overrides = await session.client.request("browser.policy_get", {});
    expect(overrides.userOverrides).toEqual(["confirmations"]);
    expect(overrides.agentOverrides.sort()).toEqual(["blockedHosts", "confirmationTimeoutMs"]);

    const loosenings: Array<CommandPayloadInput<"browser.policy_set">> = [
      { blockedHosts: [] },
      { allowJavaScript: true },
      { allowUploads: true },
      { confirm: { purchase: false } },
    ];
    for (const loosen of loosenings) {
      const refused = await failure("browser.policy_set", loosen);
      expect(refused.code).toBe("policy_denied");
      expect(refused.message).toMatch(/may only tighten/);
    }
    expect(await session.errorCode("browser.policy_set", { socketMayLoosen: true } as never)).toBe("bad_request");
    expect(await session.errorCode("browser.policy_set", { blockedHosts: ["https://example.com/"] })).toBe("bad_request");

    // The user may let the socket loosen; then the same call goes through.
    await setUserSettings({ blockedHosts: ["localhost"], socketMayLoosen: true });
    expect((await session.client.request("browser.policy_set", { blockedHosts: [] })).policy.blockedHosts).toEqual([]);
  });

  it("checks navigate URLs against the blocklist and allowlist before navigating, and keeps refusing other schemes", async () => {
    await session.client.request("browser.policy_set", { blockedHosts: ["localhost"] });
    const blocked = await failure("browser.navigate", { url: otherHost("/gate-landing.html") });
    expect(blocked.code).toBe("policy_denied");
    expect(blocked.message).toMatch(/host localhost is on the policy's blocklist/);
    expect(await session.errorCode("browser.navigate", { url: "file:///etc/passwd" })).toBe("navigation_refused");

    await setUserSettings(null);
    await setUserSettings({ allowedHosts: ["*.example.test", "127.0.0.1"] });
    expect((await session.client.request("browser.navigate", { url: gateUrl })).title).toBe("Gate fixture");
    const notAllowed = await failure("browser.navigate", { url: otherHost("/gate-landing.html") });
    expect(notAllowed.code).toBe("policy_denied");
    // Refused by the gate before the navigation started.
    expect(notAllowed.stage).toBe("precheck");
    expect(notAllowed.message).toMatch(/not on the policy's allowlist/);
    // Tightening within the allowlist is fine; widening it is not.
    await session.client.request("browser.policy_set", { allowedHosts: ["127.0.0.1", "shop.example.test"] });
    expect(await session.errorCode("browser.policy_set", { allowedHosts: ["127.0.0.1", "localhost"] })).toBe("policy_denied");
  });

  it("re-checks after a server redirect: lands nowhere, answers policy_denied naming the redirect", async () => {
    await session.client.request("browser.policy_set", { blockedHosts: ["localhost"] });
    const target = otherHost("/gate-landing.html");
    const denied = await failure("browser.navigate", { url: session.pages.url(`/redirect?to=${encodeURIComponent(target)}`) });
    expect(denied.code).toBe("policy_denied");
    expect(denied.message).toContain(`redirected to ${target}`);
    expect(denied.message).toMatch(/about:blank/);
    await expect.poll(currentUrl, { timeout: 5_000 }).toBe("about:blank");
    // Without the block, the same redirect is followed.
    await setUserSettings(null);
    expect(
      (await session.client.request("browser.navigate", { url: session.pages.url(`/redirect?to=${encodeURIComponent(target)}`) })).url,
    ).toBe(target);
  });

  it("stops a click whose link leads to a blocked host, and refuses to act on a page the policy forbids", async () => {
    await session.client.request("browser.navigate", {
      url: inlinePage(session.pages, `<title>Links</title><a href="${otherHost("/gate-landing.html")}">Leave</a>`),
    });
    await session.client.request("browser.policy_set", { blockedHosts: ["localhost"] });
    const snapshot = await session.client.request("browser.snapshot", {});
    const denied = await failure("browser.click", { ref: findRef(snapshot.text, "link", "Leave") });
    expect(denied.code).toBe("policy_denied");
    // The click was dispatched; where it led was checked afterwards and refused.
    expect(denied.stage).toBe("verify");
    expect(denied.message).toMatch(/navigated to http:\/\/localhost/);
    await expect.poll(currentUrl, { timeout: 5_000 }).toBe("about:blank");

    // The user blocks the host the tab is on: reads and writes there are refused, navigating away is not.
    await setUserSettings(null);
    await openGate();
    await setUserSettings({ blockedHosts: ["127.0.0.1"] });
    const read = await failure("browser.snapshot", {});
    expect(read.code).toBe("policy_denied");
    expect(read.message).toMatch(/shows http:\/\/127\.0\.0\.1.*policy forbids/);
    await setUserSettings(null);
    expect((await session.client.request("browser.snapshot", {})).title).toBe("Gate fixture");
  });

  it("blocks loopback and private ranges when blockPrivateNetworks is on (off by default)", async () => {
    await session.client.request("browser.policy_set", { blockPrivateNetworks: true });
    for (const url of [
      gateUrl,
      otherHost("/"),
      "http://[::1]/",
      "http://10.1.2.3/",
      "http://172.20.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest",
      "http://app.localhost/",
    ]) {
      const denied = await failure("browser.navigate", { url });
      expect(denied.code, url).toBe("policy_denied");
      expect(denied.message).toMatch(/private-network/);
    }
    expect(await session.errorCode("browser.policy_set", { blockPrivateNetworks: false })).toBe("policy_denied");
  });

  it("asks before a purchase click, runs exactly that action on allow, and not before", async () => {
    const snapshot = await openGate();
    const place = findRef(snapshot.text, "button", "Place order");
    const { id, message, confirmation } = await confirmationFor("browser.click", { ref: place });
    expect(message).toMatch(/purchase \(activates button "Place order", which sends its form\)/);
    expect(message).toMatch(/denied after 60 s/);
    // The form has no method: a script sends it, so it is a submit as well as a purchase.
    expect(confirmation).toMatchObject({
      tool: "browser.click",
      category: "purchase",
      categories: ["purchase", "submit"],
      target: { role: "button", name: "Place order" },
      url: gateUrl,
    });
    expect(await status()).toContain("Nothing yet");

    const confirmed = await session.client.request("browser.confirm", { id, allow: true });
    expect(confirmed).toMatchObject({
      id,
      tool: "browser.click",
      allowed: true,
      result: { ref: place, target: { role: "button", name: "Place order" } },
    });
    expect(await status()).toContain("order placed for Ada");
    // An id runs once.
    const again = await failure("browser.confirm", { id, allow: true });
    expect(again.code).toBe("policy_denied");
    expect(again.message).toMatch(/already answered/);
  });

  it("cancels on allow: false, and answers not_found for ids it never issued", async () => {
    const snapshot = await openGate();
    const { id, message, confirmation } = await confirmationFor("browser.click", {
      ref: findRef(snapshot.text, "button", "Delete account"),
    });
    expect(message).toMatch(/account \(activates button "Delete account"\)/);
    expect(confirmation.categories).toEqual(["account"]);
    expect(await session.client.request("browser.confirm", { id, allow: false })).toEqual({ id, tool: "browser.click", allowed: false });
    expect(await status()).toContain("Nothing yet");
    expect(await session.errorCode("browser.confirm", { id: "cf_000000000000", allow: true })).toBe("not_found");
  });

  it("denies an unanswered confirmation after the policy's timeout", async () => {
    await session.client.request("browser.policy_set", { confirmationTimeoutMs: 1_000 });
    const snapshot = await openGate();
    const { id, message, confirmation } = await confirmationFor("browser.click", { ref: findRef(snapshot.text, "button", "Send message") });
    // A plain button outside a form: its unambiguous name asks for messaging, and nothing says it sends a form.
    expect(message).toMatch(/messaging \(activates button "Send message"\).*denied after 1 s/);
    expect(Date.parse(confirmation.expiresAt) - Date.now()).toBeLessThanOrEqual(1_000);
    await new Promise((done) => setTimeout(done, 1_500));
    const expired = await failure("browser.confirm", { id, allow: true });
    expect(expired.code).toBe("policy_denied");
    expect(expired.message).toMatch(/expired unanswered after 1 s/);
    expect(await status()).toContain("Nothing yet");
  });

  it("gates keyboard submits too: Enter in the checkout form, and sending the password form", async () => {
    const snapshot = await openGate();
    const card = findRef(snapshot.text, "textbox", "Card name");
    const byEnter = await confirmationFor("browser.press", { key: "Enter", ref: card });
    expect(byEnter.message).toMatch(/purchase \(presses Enter in textbox "Card name", which sends a form whose button is "Place order"\)/);
    const bySubmit = await confirmationFor("browser.type", { ref: card, text: "Grace", submit: true });
    expect(bySubmit.message).toMatch(/purchase/);
    const byBatch = await confirmationFor("browser.batch_actions", {
      actions: [
        { tool: "type", ref: card, text: "Grace" },
        { tool: "click", ref: findRef(snapshot.text, "button", "Place order") },
      ],
    });
    expect(byBatch.message).toMatch(/purchase/);

    const password = findRef(snapshot.text, "textbox", "Email");
    const credentials = await confirmationFor("browser.type", { ref: password, text: "grace@example.test", submit: true });
    expect(credentials.message).toMatch(/credentials \(presses Enter in textbox "Email", which sends a form with a password field\)/);
    expect(credentials.confirmation.category).toBe("credentials");
    const signIn = await confirmationFor("browser.click", { ref: findRef(snapshot.text, "button", "Sign in") });
    expect(signIn.message).toMatch(/credentials/);
    // Typing without submitting, and harmless buttons, are not gated.
    await session.client.request("browser.type", { ref: card, text: "Grace" });
    await session.client.request("browser.click", { ref: findRef(snapshot.text, "button", "Show details") });
    expect(await status()).toContain("harmless 1");
    // A confirmed batch runs all of its steps.
    const confirmed = await session.client.request("browser.confirm", { id: byBatch.id, allow: true });
    expect(confirmed.allowed).toBe(true);
    expect(await status()).toContain("order placed for Grace");
  });

  it("re-verifies the target on confirm: a renamed button is not the one the user approved", async () => {
    const snapshot = await openGate();
    const { id } = await confirmationFor("browser.click", { ref: findRef(snapshot.text, "button", "Place order") });
    await session.client.request("browser.click", { ref: findRef(snapshot.text, "button", "Rename order button") });
    const changed = await failure("browser.confirm", { id, allow: true });
    expect(changed.code).toBe("policy_denied");
    expect(changed.message).toMatch(/no longer matches the page: the target element is no longer the one confirmed/);
    expect(await status()).toContain("Nothing yet");
  });

  it("lets the user switch a category off for trusted automation", async () => {
    await setUserSettings({ confirm: { purchase: false, submit: false } });
    const snapshot = await openGate();
    await session.client.request("browser.click", { ref: findRef(snapshot.text, "button", "Place order") });
    expect(await status()).toContain("order placed for Ada");
    // Other categories stay on.
    expect((await failure("browser.click", { ref: findRef(snapshot.text, "button", "Delete account") })).code).toBe(
      "confirmation_required",
    );
  });

  it("answers tab_not_found for an explicit tab that does not exist, before anything runs", async () => {
    expect(await session.errorCode("browser.click", { ref: "s1_1_1", tabId: 987_654 })).toBe("tab_not_found");
    expect(await session.errorCode("browser.navigate", { url: gateUrl, tabId: 987_654 })).toBe("tab_not_found");
  });
});
