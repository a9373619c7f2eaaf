import { describe, expect, it } from "vitest";
import { WebOperatorError, type CommandResult } from "../../protocol/index.js";
import { currentPageOf } from "../../bridge/tasks/currentPage.js";
import { effectiveAutoConfirm } from "../../bridge/tasks/confirmationDecision.js";
import { checkCapabilities } from "../../extension/background/gatekeeper/pageChecks.js";
import { PolicySchema } from "../../protocol/tools/gatekeeperTools.js";
import defaultPolicy from "../../extension/policy/defaultPolicy.json" with { type: "json" };

type TabsList = CommandResult<"browser.tabs_list">;

function tabs(visibleTabId: number | null, held: Record<number, string | undefined>): TabsList {
  const list = Object.entries(held).map(([id, agent], index) => ({
    tabId: Number(id),
    windowId: 1,
    index,
    url: `https://site.test/${id}`,
    title: `tab ${id}`,
    active: Number(id) === visibleTabId,
    focusedWindow: true,
    status: "complete" as const,
    pinned: false,
    ...(agent === undefined ? {} : { agent }),
  }));
  return { tabs: list, visibleTabId, totalTabs: list.length, truncated: false };
}

describe("a task without startUrl or tabId starts on its starter's current page", () => {
  it("takes the starter's last tab while it is open and not another agent's", () => {
    expect(currentPageOf(tabs(1, { 1: undefined, 7: "anon-1" }), "anon-1", 7)).toBe(7);
    expect(currentPageOf(tabs(1, { 1: undefined, 7: undefined }), "anon-1", 7)).toBe(7);
  });

  it("falls back to the visible tab when the last tab closed or another agent took it", () => {
    expect(currentPageOf(tabs(1, { 1: undefined }), "anon-1", 7)).toBe(1);
    expect(currentPageOf(tabs(1, { 1: undefined, 7: "agent:other" }), "anon-1", 7)).toBe(1);
    expect(currentPageOf(tabs(1, { 1: "anon-1" }), "anon-1", null)).toBe(1);
    // The side panel starts tasks with no starting agent.
    expect(currentPageOf(tabs(1, { 1: undefined }), null, null)).toBe(1);
  });

  it("refuses the visible tab another agent holds, naming the agent and the way out", () => {
    const refused = (() => {
      try {
        currentPageOf(tabs(1, { 1: "agent:claude" }), "anon-1", null, () => "claude");
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(WebOperatorError);
    expect((refused as WebOperatorError).code).toBe("tab_owned_by_other_agent");
    expect((refused as WebOperatorError).message).toMatch(/agent "claude"'s.*Give startUrl/);
  });

  it("answers null when no window shows a tab, so the task opens one of its own", () => {
    expect(currentPageOf(tabs(null, {}), "anon-1", null)).toBeNull();
  });
});

describe("autoConfirm never answers for the person", () => {
  it("is not effective for an agent's task when the user answers confirmations", () => {
    expect(effectiveAutoConfirm(true, true, "user")).toMatchObject({
      requested: true,
      effective: false,
      reason: expect.stringMatching(/confirmations: "user"/),
    });
    expect(effectiveAutoConfirm(true, true, "agent")).toMatchObject({
      requested: true,
      effective: true,
      reason: expect.stringMatching(/Final submit/),
    });
    // The person's own choice in the side panel stands.
    expect(effectiveAutoConfirm(true, false, "user").effective).toBe(true);
    expect(effectiveAutoConfirm(false, true, "agent")).toEqual({ requested: false, effective: false, reason: null });
  });
});

describe("the uploads capability", () => {
  const policy = PolicySchema.parse({ ...defaultPolicy, allowUploads: false });
  it("lets a task's own attachments through without allowUploads, and nothing else", () => {
    expect(() => checkCapabilities("browser.upload_file", "uploads", policy, "task_attachments")).not.toThrow();
    expect(() => checkCapabilities("browser.upload_file", "uploads", policy)).toThrow(/allowUploads/);
    expect(() => checkCapabilities("browser.javascript_exec", "javascript", policy, "task_attachments")).toThrow(/allowJavaScript/);
  });
});
