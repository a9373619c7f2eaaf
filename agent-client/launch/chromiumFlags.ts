/**
 * Flags for a machine with no internet: without the networking ones Chromium keeps
 * trying to reach Google's services and logs refused connections at every start.
 */
export const OFFLINE_CHROMIUM_BASE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The base, plus what a profile launched for agents does not need to ask or install. */
export const OFFLINE_SAFE_CHROMIUM_FLAGS = [...OFFLINE_CHROMIUM_BASE_FLAGS, "--no-default-browser-check", "--disable-default-apps"];
