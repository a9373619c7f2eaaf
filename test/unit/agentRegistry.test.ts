import { describe, expect, it } from "vitest";
import { AgentRegistry } from "../../bridge/agents/agentRegistry.js";
import { WebOperatorError, agentColor } from "../../protocol/index.js";

describe("AgentRegistry: who is speaking on the socket", () => {
  it("an anonymous agent is one connection: it ends, and is released, when that connection closes", () => {
    const released: string[] = [];
    const registry = new AgentRegistry((id) => released.push(id));
    const first = registry.anonymous();
    const second = registry.anonymous();
    expect(first.identity.id).not.toBe(second.identity.id);
    expect(first.identity).toMatchObject({ kind: "anonymous", color: agentColor(first.identity.id) });
    registry.disconnect(first);
    expect(released).toEqual([first.identity.id]);
    expect(registry.list().map((agent) => agent.id)).toEqual([second.identity.id]);
  });

  it("hello joins the named agent: its connections share one record, which outlives them", () => {
    const released: string[] = [];
    const registry = new AgentRegistry((id) => released.push(id));
    const anonymous = registry.anonymous();
    const named = registry.hello(anonymous, "writer");
    expect(released).toEqual([anonymous.identity.id]);
    named.lastTabId = 12;
    const again = registry.hello(registry.anonymous(), "writer");
    expect(again).toBe(named);
    expect(again.connections).toBe(2);
    registry.disconnect(again);
    registry.disconnect(named);
    expect(registry.list()).toEqual([expect.objectContaining({ id: "agent:writer", connections: 0, lastTabId: 12, kind: "named" })]);
    expect(released).not.toContain("agent:writer");
    expect(registry.hello(named, "writer")).toBe(named);
    expect(() => registry.hello(named, "reader")).toThrow(WebOperatorError);
  });

  it("a task is an agent with its starting agent as parent, released when the task ends", () => {
    const released: string[] = [];
    const registry = new AgentRegistry((id) => released.push(id));
    const task = registry.task("task_abc", "agent:writer");
    expect(task.identity).toMatchObject({ id: "task:task_abc", kind: "task", parentId: "agent:writer" });
    expect(registry.task("task_abc", undefined)).toBe(task);
    expect(registry.releasableIds()).toEqual(["task:task_abc"]);
    registry.endTask("task_abc");
    expect(released).toEqual(["task:task_abc"]);
  });
});
