import type { WebOperatorClient } from "../../agent-client/client.js";
import { TaskEventSchema, type TaskEvent } from "../../protocol/index.js";

/**
 * Waits on the task events a test collects into `events`: the first one a predicate
 * matches, whether it already came or comes later. `client` is a getter, since tests
 * connect in beforeAll, after these are made.
 */
export function taskEventWaits(client: () => WebOperatorClient, events: readonly TaskEvent[]) {
  const waitFor = (predicate: (event: TaskEvent) => boolean): Promise<TaskEvent> =>
    new Promise((resolve) => {
      const found = events.find(predicate);
      if (found !== undefined) return resolve(found);
      const stop = client().onEvent(() => {
        const hit = events.find(predicate);
        if (hit !== undefined) {
          stop();
          resolve(hit);
        }
      });
    });
  const confirmationOf = (id: string): Promise<TaskEvent> =>
    waitFor((event) => event.kind === "task:update" && event.taskId === id && event.status === "waiting_confirmation");
  return { waitFor, confirmationOf };
}

/** Collects every task event the client hears into `events`, checked against the schema. */
export function collectTaskEvents(client: WebOperatorClient, events: TaskEvent[]): void {
  client.onEvent((event) => {
    const parsed = TaskEventSchema.safeParse(event);
    if (parsed.success) events.push(parsed.data);
  });
}
