import { describe, expect } from "vitest";
import type { Page } from "puppeteer-core";
import { inlinePage } from "../helpers/fixtureServer.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { lineWith, refOf } from "../helpers/snapshotLines.js";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { listenerTypes } from "../helpers/chromeListeners.js";

const it = sessionTest({}, { confirmations: "agent" });

/**
 * Each probe tries one way to hide a listener from the MAIN-world recorder or to forge a
 * record for an element that has none. The recorder is run before this script, so every
 * trick below meets the replaced addEventListener, attachShadow and on* setters.
 */
const TRICKS = `<title>Recorder tricks</title>
<div id="instance">Instance trick</div><div id="shadowed">Shadow trick</div><div id="property">Property trick</div>
<div id="typed">Type trick</div><div id="nulled">Null forgery</div><div id="forged">Forged decoy</div><div id="host"></div>
<p id="state">idle</p>
<script>
  const mark = (text) => { document.getElementById("state").textContent = text; };
  // instanceof answers whatever the page wants: our brand checks must not use it.
  Object.defineProperty(Element, Symbol.hasInstance, { value: () => false });
  Object.defineProperty(ShadowRoot, Symbol.hasInstance, { value: () => true });
  // A replaced call would be handed whatever our code calls through it.
  const realCall = Function.prototype.call;
  Function.prototype.call = function (...args) { return Reflect.apply(realCall, this, args); };
  document.getElementById("instance").addEventListener("click", () => mark("instance clicked"));
  document.getElementById("shadowed").addEventListener("mousedown", () => mark("shadowed pressed"));
  document.getElementById("property").onmouseup = () => mark("property released");
  // A type that reads as something else the first time it is turned into a string.
  let reads = 0;
  const type = { toString: () => (reads++ === 0 ? "nothing" : "click") };
  document.getElementById("typed").addEventListener(type, () => mark("typed clicked"));
  // No listener at all: a record without a handler behind it would be a forgery.
  document.getElementById("nulled").addEventListener("click", null);
  // Records sent as the channel's events, on the document and on the element itself.
  const forged = document.getElementById("forged");
  for (const name of ["weboperator-record-listener", "weboperator-record-ready", "weboperator-record-hello"]) {
    for (const target of [document, forged]) target.dispatchEvent(new MouseEvent(name, { relatedTarget: forged, detail: 1, bubbles: true }));
  }
  // A mode that says "closed" to the browser and "open" to whoever asks next.
  let modes = 0;
  const root = document.getElementById("host").attachShadow({ get mode() { return modes++ === 0 ? "closed" : "open"; } });
  root.innerHTML = "<button>Secret button</button>";
</script>`;

async function pageTitled(session: WebOperatorSession, title: string): Promise<Page> {
  for (const page of await session.launched.browser.pages()) if ((await page.title()) === title) return page;
  throw new Error(`no page titled ${title}`);
}

const lineOf = (snapshot: string, text: string): string | undefined => snapshot.split("\n").find((line) => line.includes(text));

describe("listener records cannot be forged or hidden by the page (issue 33, item 6)", () => {
  it("records exactly the listeners Chrome has, whatever the page does to instanceof, call, types and null listeners", async ({
    session,
  }) => {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, TRICKS) });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const page = await pageTitled(session, "Recorder tricks");
    const probes = { instance: "Instance trick", shadowed: "Shadow trick", property: "Property trick", typed: "Type trick" };
    const decoys = { nulled: "Null forgery", forged: "Forged decoy" };
    for (const [id, text] of Object.entries({ ...probes, ...decoys })) {
      const line = lineOf(snapshot, text);
      const hasRef = line?.includes("[ref=") === true;
      // The snapshot gives a ref where, and only where, Chrome has a handler on the element.
      expect(hasRef, `${text}: ${line ?? "(no line)"}`).toBe((await listenerTypes(page, id)).length > 0);
    }
    for (const text of ["Instance trick", "Shadow trick", "Property trick"]) expect(lineOf(snapshot, text), text).toContain("[ref=");
    for (const text of ["Null forgery", "Forged decoy"]) expect(lineOf(snapshot, text), text).not.toContain("[ref=");
    // The type trick reaches the browser as the one string the recorder saw: no click listener to hide.
    expect(await listenerTypes(page, "typed")).toEqual([]);
    // The closed root is known as closed, so its button is in the snapshot.
    findRef(snapshot, "button", "Secret button");
    await session.client.request("browser.click", { ref: refOf(lineWith(snapshot, "Instance trick")) });
    expect((await session.client.request("browser.extract", {})).text).toContain("instance clicked");
  });
});

describe("less to fingerprint (issue 33, item 6)", () => {
  /** What a page sees of the natives we replace, at load and again inside a click an agent dispatches. */
  const OBSERVER = `<title>Observer</title><p id="load">pending</p><p id="write">pending</p><button id="b">Observe</button>
<script>
  const saved = { alert, confirm, prompt, fetch, send: XMLHttpRequest.prototype.send, addEventListener: EventTarget.prototype.addEventListener };
  const natives = () => ({
    addEventListener: EventTarget.prototype.addEventListener,
    attachShadow: Element.prototype.attachShadow,
    onclickSetter: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "onclick").set,
    onmouseupSetter: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "onmouseup").set,
    toString: Function.prototype.toString,
    serverTiming: Object.getOwnPropertyDescriptor(PerformanceResourceTiming.prototype, "serverTiming").get,
    navigationToJSON: PerformanceNavigationTiming.prototype.toJSON,
    alert, confirm, prompt, fetch,
    send: XMLHttpRequest.prototype.send,
  });
  const looksNative = (name, fn) => {
    const text = Function.prototype.toString.call(fn);
    return text === "function " + fn.name + "() { [native code] }" && !Object.hasOwn(fn, "prototype");
  };
  const report = () => {
    const odd = Object.entries(natives()).filter(([name, fn]) => !looksNative(name, fn)).map(([name]) => name);
    const swapped = Object.keys(saved).filter((name) => (name === "send" ? XMLHttpRequest.prototype.send : name === "addEventListener" ? EventTarget.prototype.addEventListener : window[name]) !== saved[name]);
    const [navigation] = performance.getEntriesByType("navigation");
    const timing = navigation.serverTiming.map((entry) => entry.name).concat(navigation.toJSON().serverTiming.map((entry) => "toJSON:" + entry.name));
    return "odd: " + (odd.join(",") || "none") + "; swapped: " + (swapped.join(",") || "none") + "; timing: " + (timing.join(",") || "none");
  };
  document.getElementById("load").textContent = "at load " + report();
  document.getElementById("b").addEventListener("click", () => { document.getElementById("write").textContent = "in write " + report(); });
</script>`;

  it("natives read as natives, the agent tab's Server-Timing entry is hidden, and alert, fetch and XHR are the same functions during a write as at load", async ({
    session,
  }) => {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, OBSERVER) });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Observe") });
    const text = (await session.client.request("browser.extract", {})).text;
    expect(text).toContain("at load odd: none; swapped: none; timing: none");
    expect(text).toContain("in write odd: none; swapped: none; timing: none");
  });
});
