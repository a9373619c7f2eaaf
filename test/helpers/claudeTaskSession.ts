import { afterAll, beforeAll } from "vitest";
import type { TaskEvent } from "../../protocol/index.js";
import { collectTaskEvents } from "./taskEvents.js";
import { byGoal, startFakeMessagesApi, type FakeMessagesApi, type ScriptedTurn } from "./fakeMessagesApi.js";
import { startWebOperatorSession, type WebOperatorSession } from "./webOperatorSession.js";

/**
 * A describe block's session whose Claude tasks talk to a fake Messages API scripted by
 * goal; agents answer confirmations, so scripted tasks run without a person. `events`
 * collects the task events the session's client hears.
 */
export function useClaudeTaskSession(scripts: Record<string, ScriptedTurn[]>): {
  session: () => WebOperatorSession;
  fake: () => FakeMessagesApi;
  events: TaskEvent[];
} {
  const events: TaskEvent[] = [];
  let session: WebOperatorSession | undefined;
  let fake: FakeMessagesApi | undefined;
  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal(scripts));
    session = await startWebOperatorSession(
      { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.baseURL },
      { confirmations: "agent" },
    );
    collectTaskEvents(session.client, events);
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the session starts in beforeAll");
    return value;
  };
  return { session: () => started(session), fake: () => started(fake), events };
}
