import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { asThePerson } from "../helpers/personsBrowser.js";

interface ActionReport {
  settled: { dom: boolean };
  observation: { text: string } | null;
  engine?: string;
}

/**
 * The states a person's browser is in while an agent works (run headless and, in the
 * e2e-headed project, in a headed Chromium on a display): the agent's window focused;
 * behind another window; its tab in the background while the person reads another tab;
 * minimized; the agent's tab in a second window. Every read, write and wait must work in
 * each, at once: a hidden page gets no animation frames, so nothing may wait for one.
 */
describe("an agent works the same whatever the person's windows are doing", () => {
  let session: WebOperatorSession;
  let agent: WebOperatorClient;
  let agentTab: number;
  let agentWindow: number;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    agent = await session.connect();
    await agent.request("bridge.hello", { agent: "worker" });
    const opened = await agent.request("browser.tab_open", { url: session.pages.url("/window-states.html") });
    agentTab = opened.tabId;
    agentWindow = await asThePerson<number>(session, `chrome.tabs.get(${agentTab}).then((tab) => tab.windowId)`);
  });
  afterAll(async () => {
    await session?.close();
  });

  const expectReadFromThePage = (report: ActionReport, label: string): void => {
    expect(report.engine, label).toBe("dom");
    expect(report.settled.dom, label).toBe(true);
    expect(report.observation, label).not.toBeNull();
  };

  /** One of everything an agent does, on its own tab, with the browser in the given state. */
  const exercise = async (state: string): Promise<void> => {
    const tabId = agentTab;
    await agent.request("browser.navigate", { tabId, url: `${session.pages.url("/window-states.html")}?state=${state}` });
    const snapshot = await agent.request("browser.snapshot", { tabId });
    expect(snapshot.source, state).toBe("dom");
    const note = findRef(snapshot.text, "textbox", "Note");
    const typed = await agent.request("browser.type", { tabId, ref: note, text: state });
    expectReadFromThePage(typed, `${state}: type`);
    expect(typed.observation?.text).toContain(`[value="${state}"]`);
    const saved = await agent.request("browser.click", { tabId, ref: findRef(snapshot.text, "button", "Save") });
    expectReadFromThePage(saved, `${state}: click`);
    expect(saved.observation?.text).toContain(`saved ${state}`);
    const later = await agent.request("browser.click", { tabId, ref: findRef(snapshot.text, "button", "Answer later") });
    expectReadFromThePage(later, `${state}: click answered on a timer`);
    await agent.request("browser.wait_for", { tabId, text: "answered later" });
    const pressed = await agent.request("browser.press", { tabId, key: "Enter", ref: note });
    expectReadFromThePage(pressed, `${state}: press_key`);
    expect(pressed.observation?.text).toContain(`entered ${state}`);
    const hovered = await agent.request("browser.hover", { tabId, ref: findRef(snapshot.text, "button", "Products") });
    expectReadFromThePage(hovered, `${state}: hover`);
    expect(hovered.observation?.text).toContain("Laptops");
    // A link that opens a tab: reported, and the agent's own, wherever the agent's tab is.
    const opened = await agent.request("browser.click", { tabId, ref: findRef(snapshot.text, "link", "Open details") });
    expect(opened.tab_created, `${state}: tab_created`).toBeDefined();
    await agent.request("browser.tab_close", { tabId: opened.tab_created!.tabId });
    const shot = await agent.request("browser.screenshot", { tabId });
    expect(shot.width, `${state}: screenshot`).toBeGreaterThan(0);
    expect(Buffer.from(shot.data, "base64").subarray(1, 4).toString()).toBe("PNG");
  };

  it("focused: the agent's tab is the one the person sees", async () => {
    await asThePerson(
      session,
      `chrome.windows.update(${agentWindow}, { focused: true }).then(() => chrome.tabs.update(${agentTab}, { active: true }))`,
    );
    await exercise("focused");
  });

  it("in the background of its window, while the person reads another tab", async () => {
    const personTab = await asThePerson<number>(
      session,
      `chrome.tabs.create({ windowId: ${agentWindow}, url: ${JSON.stringify(session.pages.url("/tabs-one.html"))}, active: true }).then((tab) => tab.id)`,
    );
    await exercise("background-tab");
    // The agent never took the person's view.
    expect(await asThePerson<boolean>(session, `chrome.tabs.get(${personTab}).then((tab) => tab.active)`)).toBe(true);
    await asThePerson(session, `chrome.tabs.remove(${personTab})`);
  });

  it("behind another window the person works in", async () => {
    const cover = await asThePerson<number>(
      session,
      `chrome.windows.create({ url: ${JSON.stringify(session.pages.url("/tabs-two.html"))}, focused: true }).then((window) => window.id)`,
    );
    await exercise("occluded");
    expect(await asThePerson<boolean>(session, `chrome.windows.get(${cover}).then((window) => window.focused)`)).toBe(true);
    await asThePerson(session, `chrome.windows.remove(${cover})`);
  });

  it("minimized", async () => {
    await asThePerson(session, `chrome.windows.update(${agentWindow}, { state: "minimized" })`);
    await exercise("minimized");
    await asThePerson(session, `chrome.windows.update(${agentWindow}, { state: "normal" })`);
  });

  it("in a second window, while the person stays in the first", async () => {
    const second = await asThePerson<number>(
      session,
      `chrome.windows.create({ tabId: ${agentTab}, focused: false }).then((window) => window.id)`,
    );
    await asThePerson(session, `chrome.windows.update(${agentWindow}, { focused: true })`);
    await exercise("second-window");
    expect(await asThePerson<number>(session, `chrome.tabs.get(${agentTab}).then((tab) => tab.windowId)`)).toBe(second);
  });
});
