import { test } from "vitest";
import { startWebOperatorSession, type SessionOptions } from "./webOperatorSession.js";

/**
 * The e2e `it` with a `session` fixture: one real Chromium, bridge and socket per test file,
 * started for the first test that asks for it and closed after the file's last test, even
 * when a test fails. Tests take it as `async ({ session }) => …`; suite hooks can too
 * (`it.beforeAll(async ({ session }) => …)`).
 */
export function sessionTest(env: NodeJS.ProcessEnv = {}, options: SessionOptions = {}) {
  // Vitest reads a fixture's dependencies from its first parameter's source, which must be a
  // destructuring pattern; this one depends on nothing.
  return test.extend("session", { scope: "file" }, async ({}, { onCleanup }) => {
    const session = await startWebOperatorSession(env, options);
    onCleanup(() => session.close());
    return session;
  });
}
