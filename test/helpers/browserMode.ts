/**
 * Which Chromium the end-to-end tests drive: the `e2e-headed` project sets
 * WEBOPERATOR_TEST_HEADED=1 and runs under a display (xvfb-run), because people run a
 * headed Chrome and several things behave differently there (the confirmations default,
 * focus, occlusion, background tabs).
 */
export function testsRunHeaded(): boolean {
  return process.env.WEBOPERATOR_TEST_HEADED === "1";
}

export function testHeadless(): boolean {
  if (!testsRunHeaded()) return true;
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error("WEBOPERATOR_TEST_HEADED=1 needs a display: run the tests with `npm test` (it starts xvfb-run) or set DISPLAY.");
  }
  return false;
}
