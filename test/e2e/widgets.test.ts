import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("real-world widgets through the socket: date picker, autocomplete, a download", () => {
  let snapshot: string;

  it.beforeAll(async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/widgets.html") });
    snapshot = (await session.client.request("browser.snapshot", {})).text;
  });

  it("sets a date input whole, and refuses a value in the wrong format", async ({ session }) => {
    const date = /- (\w+) "Departure date"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot)?.[2] ?? "";
    const typed = await session.client.request("browser.type", { ref: date, text: "2026-12-24" });
    expect(typed.value).toBe("2026-12-24");
    expect(typed.observation?.diff).toContain("departing 2026-12-24");
    expect(await session.errorCode("browser.type", { ref: date, text: "24/12/2026" })).toBe("bad_request");
  });

  it("types into an autocomplete, sees the suggestions in the observation, and picks one", async ({ session }) => {
    const typed = await session.client.request("browser.type", { ref: findRef(snapshot, "combobox", "Destination"), text: "Par" });
    const suggestions = typed.observation?.interactiveRefs.filter((ref) => ref.role === "option").map((ref) => ref.name);
    expect(suggestions).toEqual(["Paris", "Parma"]);
    const paris = typed.observation?.interactiveRefs.find((ref) => ref.name === "Paris")?.ref ?? "";
    const picked = await session.client.request("browser.click", { ref: paris });
    expect(picked.observation?.text).toContain("destination Paris");
  });

  it("reports the download a click started", async ({ session }) => {
    const clicked = await session.client.request("browser.click", { ref: findRef(snapshot, "link", "Download itinerary") });
    expect(clicked.download_started?.[0]?.url).toBe(session.pages.url("/diag-file.txt"));
    const { downloads } = await session.client.request("browser.downloads", {});
    expect(downloads.map((download) => download.download_id)).toContain(clicked.download_started?.[0]?.download_id);
  });
});
