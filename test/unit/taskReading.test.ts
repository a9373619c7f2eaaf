import { describe, expect, it } from "vitest";
import { taskReading } from "../../scripts/mcp/taskReading.js";
import type { RecordedRequest } from "../../scripts/mcp/fakeMessagesApi.js";

const TOOL = { name: "mcp__shop__click", description: "Click.", input_schema: { type: "object" } };
const DEFINITION_CHARS = JSON.stringify(TOOL).length;
const SYSTEM = "You are Claude Code.";

const request = (messages: RecordedRequest["body"]["messages"], tools: unknown[] = [TOOL]): RecordedRequest => ({
  path: "/v1/messages",
  headers: {},
  body: { model: "m", system: [{ type: "text", text: SYSTEM }], messages, tools },
});

const prompt = { role: "user", content: "Buy a mug." };
const call = (id: string) => ({ role: "assistant", content: [{ type: "tool_use", id, name: "mcp__shop__click", input: {} }] });
const result = (id: string, text: string) => ({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: id, content: [{ type: "text", text }] }],
});

describe("a task's reading through the host", () => {
  it("counts the main loop's turns, each result once, and the server's share as the conversation carries it", () => {
    const requests = [
      request([prompt]),
      request([{ role: "user", content: "title this chat" }], []),
      request([prompt, call("t1"), result("t1", "12345")]),
      request([prompt, call("t1"), result("t1", "12345"), call("t2"), result("t2", "1234567890")]),
    ];
    const reading = taskReading("shop server", "shop", requests);
    expect(reading.turns).toBe(3);
    expect(reading.definitionChars).toBe(DEFINITION_CHARS);
    expect(reading.resultChars).toBe(15);
    // Definitions in each of 3 turns; the first result in turns 2 and 3, the second in turn 3.
    expect(reading.serverShare).toBe(3 * DEFINITION_CHARS + 2 * 5 + 10);
    expect(reading.hostSystemChars).toBe(SYSTEM.length);
  });
});
