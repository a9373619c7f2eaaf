import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Each e2e file drives its own Chromium; one file at a time is what a 2-core machine takes.
const e2e: NonNullable<TestProjectInlineConfiguration["test"]> = {
  include: ["test/e2e/**/*.test.ts"],
  environment: "node",
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 90_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      { test: { name: "e2e", ...e2e } },
      // The same suite in a headed Chromium on a display, as people run it (scripts/test/withDisplay.sh gives CI one).
      { test: { name: "e2e-headed", ...e2e, env: { WEBOPERATOR_TEST_HEADED: "1" } } },
    ],
  },
});
