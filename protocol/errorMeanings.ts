import type { ErrorCode } from "./errors.js";

/**
 * What each error code means and what the agent or user should do next: one entry per code, so a new
 * code does not type-check until it is explained. `npm run docs` renders this into docs/errors.md.
 */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  unauthorized: "Missing or wrong `token`, or no token configured. The message names the token file.",
  bad_request:
    "The frame is not JSON, the envelope or payload has wrong types or unknown fields, a URL is not absolute, a point is outside the viewport. The message names the field.",
  unknown_command: "`type` is not a known command; the message lists them.",
  frame_too_large: "The frame's length is over the connection's limit; the connection is then closed.",
  extension_disconnected:
    '"WebOperator extension is not connected to the bridge": Chrome is closed, or the extension did not come back within the 10 s a request waits for it (a restarting service worker is back within about a second, and requests wait for it); also a write that was running when the worker stopped.',
  timeout: "The command did not finish within `timeoutMs`, or `wait_for`'s condition was not met in time.",
  stale_ref:
    "The ref's element is gone (navigation, reload, replaced frame, an ambiguous re-render, a detached debugger for deep refs). Take a new snapshot.",
  invalid_ref: "Not a WebOperator ref, or never issued in this document.",
  navigation_refused: "The URL's scheme is not http or https.",
  navigation_failed: "The page did not load (for example `net::ERR_CONNECTION_REFUSED`).",
  tab_not_found: "The explicit `tabId` does not exist.",
  unsupported_page:
    "The tab shows a page the extension cannot script (`about:blank`, `chrome://…`, the Web Store). Navigate to an http(s) page.",
  not_actionable: "The element is hidden, disabled, read-only, still moving, or cannot take focus, text or files.",
  invalid_key: "A key name or modifier WebOperator does not know.",
  debugger_unavailable: "`chrome.debugger` could not attach (DevTools open on the tab, or a restricted page).",
  payload_too_large: "The request is over 32 MiB once it reaches the extension link.",
  not_implemented: "The command exists in the protocol but is not built yet.",
  internal_error: "A bug: a result failed validation, or something threw unexpectedly.",
  obscured: "Another element covers the point the input would land on; the message names it.",
  target_changed:
    "Between the gatekeeper's judgement and the input, the target's link, form action or method changed (the page rewrote it as the action scrolled, hovered or moved the pointer); nothing was dispatched. Take a new snapshot and repeat the action, which judges the target as it is now.",
  page_checks_failed:
    "A write was refused because the gatekeeper's checks of its target could not run in full: the page's content script failed or did not answer. Nothing was dispatched. Reload the page (`browser.navigate` to its URL) and retry; reads still work, from the accessibility tree.",
  dispatch_failed:
    "The action failed after its prechecks passed (e.g. `run_javascript`'s code threw, or an editor took none of the typed text, even through trusted insertion).",
  confirmation_required:
    "The gatekeeper wants the user's confirmation; the error's `confirmation` field says what and why. Answer with `browser.confirm {id, allow}`, or, when the user's `confirmations` setting is `\"user\"`, wait for their answer in the side panel (a `confirmation:answered` event).",
  policy_denied: "The policy forbids this host, redirect, tool or loosening, or a confirmation expired.",
  unsupported_frame:
    "The target sits in an iframe that is rotated, skewed, mirrored, transformed in 3D or ambiguously padded, so trusted input or a ref box cannot be aimed exactly (scaled frames map exactly).",
  upload_refused: "An upload path is missing, not a file, too large, or outside the upload folder.",
  empty_snapshot:
    "Neither the DOM nor the CDP accessibility tree has content (a canvas app, a page still loading). Use `browser.screenshot`.",
  not_found: "Nothing matched (an option, a window, a tab group, a session, a confirmation id).",
  store_unavailable:
    "The task store (`<config dir>/tasks.sqlite`) cannot be opened or written: read-only, full or corrupt. Fix the folder and restart the bridge.",
  provider_not_configured:
    "`tasks.start` with no model credentials: set `ANTHROPIC_API_KEY` (provider `claude`) or `OPENAI_BASE_URL` (provider `browser-use`) with `weboperator config set` or the side panel's Settings (no restart), or in the browser's environment; also a damaged `providers.json`, named with its fix.",
  attachment_refused: "A task attachment is missing, not a regular file, over 10 MB, or its id is used twice.",
  provider_error:
    "The Messages API or the chat-completions server answered an error or could not be reached; the task fails with the HTTP status and message.",
  invalid_state:
    "The task is not in a state for this (stop a finished task, resume a running one, confirm with nothing pending), or a second `bridge.hello` with another name.",
  task_failed:
    "The task agent ended the task as failed itself (Browser-Use `fail_task`); the message and the task's `answer` are its reason.",
  model_output_invalid:
    "The Browser-Use model answered no usable action in 4 replies (not one JSON action the schema accepts, or a repeat in the same state); use a model that follows JSON instructions.",
  paused_by_user:
    "The user pressed **Stop all agents** in the side panel: every `browser.*` write and `tasks.start` is refused (reads still work) until they press **Resume** there. Wait and retry later.",
  state_diverged:
    "&body.browser: the page is not in the state expected: `body.act {expect_state}` no longer holds (nothing was done), or a replay step's recorded `state_before`/`state_after` differs (replay stops there; a skill task fails). Perceive again and plan from the current state.",
  not_replayable:
    "A recorded step did something no typed action expresses (a coordinate click no locator names, a new tab, an upload by path, a ref with no semantic locator); the step is named. Record it with `body.act` or by ref instead.",
  tab_owned_by_other_agent:
    "The tab (named by `tabId` or in `tabs_group`'s `tabIds`, or the visible tab an agent with no tab of its own fell back to), or the group `tabs_group`/`tab_group_update` names, is another agent's. Use your own tabs (`tabs_list` shows each tab's `agent`), open one with `tab_open`, or ask the user to set `shareAgentTabs`.",
  dialog_patch_failed:
    "Before a write, WebOperator could not put its dialog patch (confirm cancels, prompt answers null, alert closes) into the page: the page locked `window.alert`/`confirm`/`prompt`, or Chrome refused the injection. Nothing was dispatched. Reload the page (`browser.navigate` to its URL) and retry; if the page locks them on every load, act on it another way.",
  send_hold_failed:
    "Before a write that can start a purchase or account send, WebOperator could not arm its hold on the page's sends (Chrome refused the declarativeNetRequest rule, or the page's content script did not take the form hold), so the write was not dispatched: it never runs unheld. Retry it; if it keeps failing, reload the page (`browser.navigate` to its URL), and check with `bridge.health` that the extension is connected.",
  recovery_failed:
    "The action WAS dispatched (the message says what it did), but putting the page back afterwards failed: its dialog functions could not be restored. Do not repeat the action; take a snapshot to see the page, and reload it if its dialogs must work as the page wrote them.",
};
