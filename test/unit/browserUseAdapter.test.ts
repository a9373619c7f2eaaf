import { describe, expect, it } from "vitest";
import { COMMANDS, WebOperatorError, type CommandType } from "../../protocol/index.js";
import { BRIDGE_COMMAND_HANDLERS } from "../../bridge/bridgeCommands.js";
import { browserUseErrorOf } from "../../bridge/adapters/browserUse/browserUseErrors.js";
import { pageContentOf } from "../../bridge/adapters/browserUse/pageContent.js";
import { stateHash } from "../../bridge/adapters/browserUse/browserUseState.js";

describe("bridge-handled commands", () => {
  it("every handledBy bridge command but the router's own (bridge.health, bridge.hello) and the task engine's (tasks.*, skills.*) has an adapter handler, and only those do", () => {
    const routerOwn = new Set(["bridge.health", "bridge.hello"]);
    const bridgeTypes = Object.entries(COMMANDS).filter(([type, spec]) => spec.handledBy === "bridge" && !routerOwn.has(type) && !type.startsWith("tasks.") && !type.startsWith("skills.")).map(([type]) => type);
    expect(Object.keys(BRIDGE_COMMAND_HANDLERS).sort()).toEqual(bridgeTypes.sort());
    for (const type of Object.keys(BRIDGE_COMMAND_HANDLERS)) expect(COMMANDS[type as CommandType].handledBy).toBe("bridge");
  });
});

describe("Browser-Use error translation", () => {
  const code = (weboperatorCode: ConstructorParameters<typeof WebOperatorError>[0], action: Parameters<typeof browserUseErrorOf>[1] = "click_element"): string =>
    browserUseErrorOf(new WebOperatorError(weboperatorCode, "m"), action).code;

  it("maps ref failures to INVALID_ELEMENT_INDEX and refusals to ELEMENT_NOT_INTERACTIVE", () => {
    expect(code("stale_ref")).toBe("INVALID_ELEMENT_INDEX");
    expect(code("invalid_ref")).toBe("INVALID_ELEMENT_INDEX");
    for (const each of ["not_actionable", "obscured", "not_found", "confirmation_required", "policy_denied"] as const) expect(code(each)).toBe("ELEMENT_NOT_INTERACTIVE");
  });

  it("maps a navigate's failures to NAVIGATION_FAILED, and what the browser itself failed at to INTERNAL_BROWSER_ERROR", () => {
    expect(code("navigation_failed", "navigate")).toBe("NAVIGATION_FAILED");
    expect(code("navigation_refused", "navigate")).toBe("NAVIGATION_FAILED");
    expect(code("extension_disconnected", "navigate")).toBe("INTERNAL_BROWSER_ERROR");
    for (const each of ["timeout", "debugger_unavailable", "internal_error", "extension_disconnected", "dispatch_failed"] as const) expect(code(each)).toBe("INTERNAL_BROWSER_ERROR");
    expect(browserUseErrorOf(new Error("boom"), "scroll").code).toBe("INTERNAL_BROWSER_ERROR");
  });

  it("keeps the WebOperator code in the message", () => {
    expect(browserUseErrorOf(new WebOperatorError("obscured", "covered by a dialog"), "click_element").message).toBe("covered by a dialog (WebOperator code obscured)");
  });
});

describe("Browser-Use page_content", () => {
  const snapshot = '# Page Snapshot (sab12c_7)\nURL: http://x/\nTitle: T\n\n- button "Go" [ref=sab12c_1_1]\n- text: see [index=1] here\n- link "Far" [ref=sab12c_1_2]';

  it("drops the snapshot id, swaps refs for indexes, drops refs outside the viewport and defuses forged index markers", () => {
    expect(pageContentOf(snapshot, new Map([["sab12c_1_1", 1]]))).toBe('# Page Snapshot\nURL: http://x/\nTitle: T\n\n- button "Go" [index=1]\n- text: see [index\\=1] here\n- link "Far"');
  });

  it("hashes the canonical [url, page_content] with sha256", () => {
    expect(stateHash("http://x/", "a")).toMatch(/^[0-9a-f]{64}$/);
    expect(stateHash("http://x/", "a")).toBe(stateHash("http://x/", "a"));
    expect(stateHash("http://x/", "a")).not.toBe(stateHash("http://x/a", ""));
  });
});
