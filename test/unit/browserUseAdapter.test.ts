import { describe, expect, it } from "vitest";
import { COMMANDS, WebOperatorError, type CommandType } from "../../protocol/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BridgeHandlerRegistry } from "../../bridge/bridgeHandlers.js";
import { coreHandlers } from "../../bridge/coreHandlers.js";
import type { BridgeCommandHandlers } from "../../bridge/commandContext.js";
import { BROWSER_USE_HANDLERS } from "../../bridge/adapters/browserUse/browserUseHandlers.js";
import { BODY_BROWSER_HANDLERS } from "../../bridge/adapters/bodyBrowser/bodyHandlers.js";
import { taskHandlers } from "../../bridge/tasks/taskHandlers.js";
import { TaskEngine } from "../../bridge/tasks/taskEngine.js";
import { providerFor } from "../../bridge/tasks/providers/providerFactory.js";
import { ExtensionLink } from "../../bridge/extensionLink.js";
import { browserUseErrorOf } from "../../bridge/actions/browserUseErrors.js";
import { pageContentOf } from "../../bridge/perception/pageContent.js";
import { stateHash } from "../../bridge/perception/browserUseState.js";

describe("bridge-handled commands", () => {
  const registry = (): BridgeHandlerRegistry => {
    const dir = mkdtempSync(join(tmpdir(), "wo-registry-"));
    const engine = new TaskEngine({
      configDir: dir,
      env: {},
      providers: providerFor,
      callTool: () => Promise.resolve(null),
      broadcast: () => undefined,
    });
    engine.close();
    rmSync(dir, { recursive: true, force: true });
    return new BridgeHandlerRegistry().add(BROWSER_USE_HANDLERS).add(BODY_BROWSER_HANDLERS).add(taskHandlers(engine, new ExtensionLink()));
  };
  const withCore = (handlers: BridgeHandlerRegistry): BridgeHandlerRegistry =>
    handlers.add(
      coreHandlers(() => {
        throw new Error("not called");
      }),
    );

  it("the bridge's parts together answer every handledBy bridge command, and nothing else", () => {
    const complete = withCore(registry()).assertComplete();
    for (const [type, spec] of Object.entries(COMMANDS))
      expect(complete.handlerFor(type as CommandType) !== undefined, type).toBe(spec.handledBy === "bridge");
  });

  it("refuses to start with a declared bridge command unanswered, a handler for another's command, or two handlers for one", () => {
    expect(() => registry().assertComplete()).toThrow(/missing bridge\.health, bridge\.hello/);
    const foreign = { "browser.snapshot": () => Promise.reject(new Error("never")) } as BridgeCommandHandlers;
    expect(() => withCore(registry()).add(foreign).assertComplete()).toThrow(/not the bridge's browser\.snapshot/);
    expect(() => registry().add(BROWSER_USE_HANDLERS)).toThrow(/Two bridge handlers for browseruse\./);
  });
});

describe("Browser-Use error translation", () => {
  const code = (
    weboperatorCode: ConstructorParameters<typeof WebOperatorError>[0],
    action: Parameters<typeof browserUseErrorOf>[1] = "click_element",
  ): string => browserUseErrorOf(new WebOperatorError(weboperatorCode, "m"), action).code;

  it("maps ref failures to INVALID_ELEMENT_INDEX and refusals to ELEMENT_NOT_INTERACTIVE", () => {
    expect(code("stale_ref")).toBe("INVALID_ELEMENT_INDEX");
    expect(code("invalid_ref")).toBe("INVALID_ELEMENT_INDEX");
    for (const each of ["not_actionable", "obscured", "not_found", "confirmation_required", "policy_denied"] as const)
      expect(code(each)).toBe("ELEMENT_NOT_INTERACTIVE");
  });

  it("maps a navigate's failures to NAVIGATION_FAILED, and what the browser itself failed at to INTERNAL_BROWSER_ERROR", () => {
    expect(code("navigation_failed", "navigate")).toBe("NAVIGATION_FAILED");
    expect(code("navigation_refused", "navigate")).toBe("NAVIGATION_FAILED");
    expect(code("extension_disconnected", "navigate")).toBe("INTERNAL_BROWSER_ERROR");
    for (const each of ["timeout", "debugger_unavailable", "internal_error", "extension_disconnected", "dispatch_failed"] as const)
      expect(code(each)).toBe("INTERNAL_BROWSER_ERROR");
    expect(browserUseErrorOf(new Error("boom"), "scroll").code).toBe("INTERNAL_BROWSER_ERROR");
  });

  it("keeps the WebOperator code in the message", () => {
    expect(browserUseErrorOf(new WebOperatorError("obscured", "covered by a dialog"), "click_element").message).toBe(
      "covered by a dialog (WebOperator code obscured)",
    );
  });
});

describe("Browser-Use page_content", () => {
  const snapshot =
    '# Page Snapshot (sab12c_7)\nURL: http://x/\nTitle: T\n\n- button "Go" [ref=sab12c_1_1]\n- text: see [index=1] here\n- link "Far" [ref=sab12c_1_2]';

  it("drops the snapshot id, swaps refs for indexes, drops refs outside the viewport and defuses forged index markers", () => {
    expect(pageContentOf(snapshot, new Map([["sab12c_1_1", 1]]))).toBe(
      '# Page Snapshot\nURL: http://x/\nTitle: T\n\n- button "Go" [index=1]\n- text: see [index\\=1] here\n- link "Far"',
    );
  });

  it("hashes the canonical [url, page_content] with sha256", () => {
    expect(stateHash("http://x/", "a")).toMatch(/^[0-9a-f]{64}$/);
    expect(stateHash("http://x/", "a")).toBe(stateHash("http://x/", "a"));
    expect(stateHash("http://x/", "a")).not.toBe(stateHash("http://x/a", ""));
  });
});
