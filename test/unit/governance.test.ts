import { describe, expect, it } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { AgentRegistry } from "../../bridge/agents/agentRegistry.js";
import { compileGovernance, declareGovernance, governanceAfterHello, governanceLoosenings } from "../../bridge/agents/agentGovernance.js";
import Database from "better-sqlite3";
import { migrateStore } from "../../bridge/tasks/storeSchema.js";
import { TaskGovernanceStore } from "../../bridge/tasks/taskGovernance.js";

const codeOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return error instanceof WebOperatorError ? error.code : "thrown";
  }
  return "none";
};

describe("governance declarations", () => {
  it("recognises the seed's hard rules, in its words and in close variants", () => {
    const compiled = compileGovernance({
      hard: ["Never submit forms containing credentials without explicit authorization", "Only act on approved domains"],
      authorized_domains: ["*.example.com"],
    });
    expect(compiled.hard.map((rule) => rule.enforcedAs)).toEqual(["credential_forms", "authorized_domains"]);
    expect(compiled).toMatchObject({ credentialForms: true, authorizedDomains: ["*.example.com"] });
    expect(compileGovernance({ hard: ["Do not submit a password form unless authorized"] }).credentialForms).toBe(true);
    expect(compileGovernance({}).credentialForms).toBe(false);
  });

  it("refuses what it cannot enforce", () => {
    expect(codeOf(() => compileGovernance({ hard: ["Be polite"] }))).toBe("bad_request");
    expect(codeOf(() => compileGovernance({ hard: ["Never navigate outside the authorized domain set"] }))).toBe("bad_request");
  });

  it("names every way a new declaration would widen the one in force", () => {
    const current = compileGovernance({
      hard: ["Never submit forms containing credentials without explicit authorization"],
      authorized_domains: ["*.example.com"],
      escalate_when: { confidence_below: 0.7 },
    });
    expect(governanceLoosenings(current, current)).toEqual([]);
    expect(governanceLoosenings(current, compileGovernance({ ...narrowed(), authorized_domains: ["shop.example.com"] }))).toEqual([]);
    expect(governanceLoosenings(current, compileGovernance({ authorized_domains: ["other.org"] }))).toEqual([
      "authorized_domains: other.org is not within the domains already authorized",
      "the credential-form rule would be dropped",
      "escalate_when.confidence_below would fall below 0.7",
    ]);
    expect(governanceLoosenings(current, compileGovernance({}))[0]).toBe("authorized_domains would be dropped");
  });

  it("binds the tasks an agent starts, and no task declares its own", () => {
    const registry = new AgentRegistry(() => undefined);
    const agent = registry.named("planner");
    declareGovernance(agent, { authorized_domains: ["example.com"] });
    const task = registry.task("task_1", agent.identity.id);
    expect(task.identity.governance?.authorizedDomains).toEqual(["example.com"]);
    expect(registry.task("task_2", undefined).identity.governance).toBe(undefined);
    expect(codeOf(() => declareGovernance(task, {}))).toBe("invalid_state");
    // After a restart the starting agent may be gone: the governance stored with the task still binds it.
    const stored = compileGovernance({ authorized_domains: ["stored.example"] });
    expect(new AgentRegistry(() => undefined).task("task_3", "agent:gone", stored).identity.governance).toEqual(stored);
  });
});

function narrowed(): Parameters<typeof compileGovernance>[0] {
  return { hard: ["Never submit forms containing credentials without explicit authorization"], escalate_when: { confidence_below: 0.8 } };
}

describe("bridge.hello and governance", () => {
  const narrow = compileGovernance({ authorized_domains: ["a.example"] });
  const wide = compileGovernance({ authorized_domains: ["*.example"] });

  it("never lets a connection shed its rules, or the named agent's, by switching agents", () => {
    expect(governanceAfterHello(narrow, undefined, undefined)).toEqual(narrow);
    expect(governanceAfterHello(undefined, narrow, undefined)).toEqual(narrow);
    expect(governanceAfterHello(wide, narrow, undefined)).toEqual(narrow);
    expect(governanceAfterHello(narrow, wide, undefined)).toEqual(narrow);
    expect(governanceAfterHello(undefined, undefined, undefined)).toBe(undefined);
    expect(codeOf(() => governanceAfterHello(narrow, undefined, { authorized_domains: ["b.example"] }))).toBe("policy_denied");
    expect(governanceAfterHello(wide, undefined, { authorized_domains: ["b.example"] })?.authorizedDomains).toEqual(["b.example"]);
    expect(codeOf(() => governanceAfterHello(narrow, compileGovernance({ authorized_domains: ["b.example"] }), undefined))).toBe(
      "policy_denied",
    );
  });
});

describe("a task's stored governance", () => {
  it("is kept with the task, read back as compiled, and absent for a task started without one", () => {
    const db = new Database(":memory:");
    migrateStore(db, ":memory:");
    const insert = db.prepare(
      "INSERT INTO tasks (id, status, goal, provider, model, options, created_at, updated_at) VALUES (?, 'queued', 'g', 'claude', 'm', '{}', 't', 't')",
    );
    insert.run("task_a");
    insert.run("task_b");
    const store = new TaskGovernanceStore(db);
    const governance = compileGovernance({
      hard: ["Never submit forms containing credentials without explicit authorization"],
      authorized_domains: ["*.example.com"],
    });
    store.set("task_a", governance);
    expect(store.of("task_a")).toEqual(governance);
    expect(store.of("task_b")).toBe(undefined);
    db.prepare("UPDATE tasks SET governance = '{\"credentialForms\": \"yes\"}' WHERE id = 'task_b'").run();
    expect(() => store.of("task_b")).toThrow();
    db.close();
  });
});
